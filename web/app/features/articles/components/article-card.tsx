import { useRef, type CSSProperties } from 'react';
import { QuietLink } from '~/lib/navigation/quiet-link';
import { ResponsiveImage } from '~/components/responsive-image';
import { articleCoverSizes } from '~/lib/media/image-sizes';
import { useLocalePath, useTextLang } from '~/lib/language/language';
import { articleHref } from '../article-links';
import { useLayout } from '~/lib/hooks/use-layout';
import type { Layout } from '~/lib/document/device';
import { skippable } from '~/lib/media/hold-pictures';
import { fetchAheadOnIntent, useListItemAhead } from '~/lib/hooks/use-fetch-ahead';
import type { ArticleCardData } from '../api/article-types';
import styles from './article-list.module.css';

interface ArticleCardProps {
  article: ArticleCardData;
  index: number;
  state: unknown;
  /** The list has three cards or fewer (four fixed columns on web). */
  few: boolean;
}

/**
 * The first row's covers at once and at high priority. On a phone that is the first card's alone:
 * the second card's top is on its first screen too, but its cover is asked for at low priority,
 * behind the first's, rather than share the slow link with it (decision 022, thirty-fifth pass).
 */
function coverPriority(index: number, layout: Layout): boolean | 'low' {
  if (layout !== 'phone') return index < 3;
  return index === 0 ? true : index === 1 ? 'low' : false;
}

export function ArticleCard({ article, index, state, few }: ArticleCardProps) {
  const { cover } = article;
  const layout = useLayout();
  const card = useRef<HTMLLIElement>(null);
  const localize = useLocalePath();
  const textLang = useTextLang();
  const href = localize(articleHref(article.documentId));
  useListItemAhead(card, href, index, layout === 'phone');
  const intent = fetchAheadOnIntent(href);
  return (
    <li ref={card} className={styles.card} {...skippable} style={{ '--index': index } as CSSProperties}>
      <QuietLink to={href} state={state} className={styles.link} viewTransition {...intent}>
        <span className={styles.coverFrame}>
          {cover && (
            <ResponsiveImage media={cover} cropped className={styles.cover} sizes={articleCoverSizes(cover, layout, few)} priority={coverPriority(index, layout)} />
          )}
        </span>
        <span className={styles.text}>
          <span className={styles.name} {...textLang(article.name)}>
            {article.name}
          </span>
          <span className={styles.chief} {...textLang(article.chief)}>
            {article.chief}
          </span>
        </span>
      </QuietLink>
    </li>
  );
}
