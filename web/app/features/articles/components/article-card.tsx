import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { ResponsiveImage } from '../../../components/responsive-image';
import { coverImage } from '../../../lib/media';
import type { ArticleSummary } from '../api/article-types';
import styles from './article-list.module.css';

interface ArticleCardProps {
  article: ArticleSummary;
  index: number;
  state: unknown;
}

export function ArticleCard({ article, index, state }: ArticleCardProps) {
  const cover = coverImage(article.media);
  return (
    <li className={styles.card} style={{ '--index': index } as CSSProperties}>
      <Link to={articleHref(article.documentId)} state={state} className={styles.link}>
        <span className={styles.coverFrame}>
          {cover && (
            <ResponsiveImage media={cover} className={styles.cover} sizes="(max-width: 800px) 100vw, 33vw" priority={index < 3} />
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
