import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { ResponsiveImage } from '../../../components/responsive-image';
import { articleCoverSizes } from '../../../lib/image-sizes';
import { coverImage } from '../../../lib/media';
import { useLayout } from '../../../lib/use-layout';
import type { ArticleSummary } from '../api/article-types';
import styles from './article-list.module.css';

interface ArticleCardProps {
  article: ArticleSummary;
  index: number;
  state: unknown;
  /** The list has three cards or fewer (four fixed columns on web). */
  few: boolean;
}

export function ArticleCard({ article, index, state, few }: ArticleCardProps) {
  const cover = coverImage(article.media);
  const layout = useLayout();
  return (
    <li className={styles.card} style={{ '--index': index } as CSSProperties}>
      <Link to={articleHref(article.documentId)} state={state} className={styles.link}>
        <span className={styles.coverFrame}>
          {cover && (
            <ResponsiveImage media={cover} className={styles.cover} sizes={articleCoverSizes(cover, layout, few)} priority={index < (layout === 'phone' ? 1 : 3)} />
          )}
        </span>
        <span className={styles.text}>
          <span className={styles.name}>{article.name}</span>
          <span className={styles.chief}>{article.chief}</span>
        </span>
      </Link>
    </li>
  );
}

export const articleHref = (documentId: string) =>
  `/dailyPage/article/${encodeURIComponent(documentId)}?${new URLSearchParams({ documentId })}`;
