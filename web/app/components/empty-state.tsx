import styles from './empty-state.module.css';

/**
 * What a page of a studio that has just started says where its work will be (issue 37): one
 * quiet line under the tiles' rule, on the page's optical centre. Only for content that is truly
 * not there yet; a page whose content could not be loaded stays silent (spec 8).
 */
export function EmptyState({ message }: { message: string }) {
  return (
    <section className={styles.empty}>
      <span className={styles.rule} aria-hidden="true" />
      <p className={styles.message}>{message}</p>
    </section>
  );
}
