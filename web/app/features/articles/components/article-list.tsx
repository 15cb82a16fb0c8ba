import type { ArticleSummary } from '../api/article-types';
import { ArticleCard } from './article-card';
import styles from './article-list.module.css';
import { useUi } from '~/lib/language/ui-text';

/** Spec 2: cards at least 360px wide in 400px rows; with 1 to 3 cards, four equal columns. */
export function ArticleList({ articles }: { articles: ArticleSummary[] }) {
  const { ui } = useUi();
  if (articles.length === 0) return null;
  const list = articles.map((article) => article.documentId);
  return (
    <ul className={styles.grid} data-few={articles.length <= 3} aria-label={ui.articleList}>
      {articles.map((article, index) => (
        <ArticleCard key={article.documentId} article={article} index={index} state={{ list }} few={articles.length <= 3} />
      ))}
    </ul>
  );
}
