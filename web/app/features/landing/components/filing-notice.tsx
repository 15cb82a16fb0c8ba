import { STUDIO } from '../../../lib/studio';
import styles from './landing.module.css';
import { UI } from '../../../lib/ui-text';

/** Spec 2: the filing number, fixed bottom right, opening the national registry in a new tab. */
export function FilingNotice() {
  return (
    <a className={styles.filing} href={STUDIO.registryUrl} target="_blank" rel="noopener noreferrer">
      {STUDIO.filingNumber}
      <span className="visually-hidden">{UI.opensInNewTab}</span>
    </a>
  );
}
