import { NO_TRANSLATE } from '../dom-translator';
import { useTranslation } from '../translation-provider';
import styles from './translation.module.css';
import { UI } from '../../../lib/ui-text';

/** The header toggle: shows CN or EN (spec 4), pressed while the page is in English. */
export function TranslationToggle({ className = '' }: { className?: string }) {
  const { language, toggle } = useTranslation();
  return (
    <button
      type="button"
      className={`${styles.toggle} ${className}`}
      aria-pressed={language === 'en'}
      // The visible CN/EN first, then what it does (WCAG 2.5.3, label in name).
      aria-label={`${language === 'en' ? 'EN' : 'CN'} English translation`}
      title={UI.languageToggleTitle}
      onClick={toggle}
      {...{ [NO_TRANSLATE]: '' }}
    >
      {language === 'en' ? 'EN' : 'CN'}
    </button>
  );
}
