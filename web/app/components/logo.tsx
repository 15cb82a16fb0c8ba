import { useUi } from '~/lib/language/ui-text';
import styles from './logo.module.css';

/**
 * The studio's mark and wordmark (issue 37): the mark made by the server from the logo the studio
 * uploaded (or the site's default mark), the wordmark its Latin name in the spec's face.
 * Decorative inside links that carry their own label.
 */
export function Logo({ className = '', showName = true }: { className?: string; showName?: boolean }) {
  const { studio } = useUi();
  return (
    <span className={`${styles.logo} ${className}`}>
      <img className={styles.mark} src={studio.logoSrc} alt="" width={28} height={28} decoding="async" fetchPriority="low" />
      {showName && studio.nameLatin && <span className={styles.name}>{studio.nameLatin}</span>}
    </span>
  );
}
