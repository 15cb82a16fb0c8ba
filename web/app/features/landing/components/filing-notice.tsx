import { STUDIO } from '../../../lib/studio';
import { useTextLang } from '../../../lib/language';
import styles from './landing.module.css';
import { useUi } from '../../../lib/ui-text';

/** Spec 2: the filing number, fixed bottom right, opening the national registry in a new tab. */
export function FilingNotice() {
  const { ui } = useUi();
  const textLang = useTextLang();
  return (
    <a className={styles.filing} href={STUDIO.registryUrl} target="_blank" rel="noopener noreferrer">
      {/* A registration in the national registry: shown as registered, in Chinese on both twins. */}
      <span translate="no" {...textLang(STUDIO.filingNumber)}>
        {STUDIO.filingNumber}
      </span>
      <span className="visually-hidden">{ui.opensInNewTab}</span>
    </a>
  );
}
