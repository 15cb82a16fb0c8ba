import { useTextLang } from '~/lib/language/language';
import styles from './landing.module.css';
import { useUi } from '~/lib/language/ui-text';

/**
 * Spec 2: the filing number, fixed bottom right, opening the registry in a new tab. A studio's own
 * registration from the CMS; a studio without one (most outside China) shows no notice at all.
 */
export function FilingNotice() {
  const { ui, studio } = useUi();
  const textLang = useTextLang();
  if (!studio.filing) return null;
  // A registration in the national registry: shown as registered, in its language on both twins.
  const number = (
    <span translate="no" {...textLang(studio.filing.number)}>
      {studio.filing.number}
    </span>
  );
  if (!studio.filing.url) return <p className={styles.filing}>{number}</p>;
  return (
    <a className={styles.filing} href={studio.filing.url} target="_blank" rel="noopener noreferrer">
      {number}
      <span className="visually-hidden">{ui.opensInNewTab}</span>
    </a>
  );
}
