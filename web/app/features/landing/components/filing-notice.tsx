import { STUDIO } from '../../../lib/studio';
import styles from './landing.module.css';

/** Spec 2: the filing number, fixed bottom right, opening the national registry in a new tab. */
export function FilingNotice() {
  return (
    <a className={styles.filing} href={STUDIO.registryUrl} target="_blank" rel="noopener noreferrer">
      {STUDIO.filingNumber}
      <span className="visually-hidden">（在新标签页打开）</span>
    </a>
  );
}
