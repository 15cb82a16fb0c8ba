import styles from './result-page.module.css';

/** Anything unexpected: a calm page with a way back, never a stack trace. */
export function ErrorPage() {
  return (
    <main className={styles.page}>
      <section className={styles.result} aria-labelledby="error-title">
        <h1 id="error-title" className={styles.title}>
          页面暂时无法显示，请稍后再试。
        </h1>
        <a href="/" className={styles.button}>
          返回首页
        </a>
      </section>
    </main>
  );
}
