import type { ArticleCardData } from '../api/article-types';
import { ArticleCard } from './article-card';
import styles from './article-list.module.css';
import { useUi } from '~/lib/language/ui-text';
import { useReturnedTo } from '~/lib/hooks/use-returned-to';

/** Spec 2: cards at least 360px wide in 400px rows; with 1 to 3 cards, four equal columns. */
export function ArticleList({ articles }: { articles: ArticleCardData[] }) {
  const { ui } = useUi();
  // Back or Forward shows the list as it was left: no entrance (spec 9's rise is an arrival).
  const returned = useReturnedTo();
  if (articles.length === 0) return null;
  const list = articles.map((article) => article.documentId);
  return (
    <ul className={styles.grid} data-few={articles.length <= 3} data-reveal={returned ? 'none' : undefined} aria-label={ui.articleList}>
      {articles.map((article, index) => (
        <ArticleCard key={article.documentId} article={article} index={index} state={{ list }} few={articles.length <= 3} />
      ))}
    </ul>
  );
}
