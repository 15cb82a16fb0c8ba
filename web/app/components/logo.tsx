import { STUDIO } from '../lib/studio';
import styles from './logo.module.css';

/** The studio's mark and name. Decorative inside links that carry their own label. */
export function Logo({ className = '', showName = true }: { className?: string; showName?: boolean }) {
  return (
    <span className={`${styles.logo} ${className}`}>
      <svg className={styles.mark} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <circle cx="15" cy="20" r="11" fill="currentColor" />
        <rect x="20" y="9" width="14" height="22" fill="var(--color-accent)" style={{ mixBlendMode: 'multiply' }} />
      </svg>
      {showName && <span className={styles.name}>{STUDIO.nameLatin}</span>}
    </span>
  );
}
