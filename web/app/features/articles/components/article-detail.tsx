import { useEffect, type ReactNode } from 'react';
import { Blocks } from '~/components/blocks';
import type { Article } from '../api/article-types';
import { MediaCarousel } from './media-carousel';
import styles from './article-detail.module.css';
import { useUi } from '~/lib/language/ui-text';
import { useTextLang } from '~/lib/language/language';

/** Spec 8: ResizeObserver loop notices are harmless browser noise; they are kept out of the page's errors. */
function useQuietResizeObserverErrors() {
  useEffect(() => {
    const onError = (event: ErrorEvent) => {
      if (/ResizeObserver loop/.test(event.message)) {
        event.stopImmediatePropagation();
        event.preventDefault();
      }
    };
    window.addEventListener('error', onError);
    return () => window.removeEventListener('error', onError);
  }, []);
}

export function ArticleDetail({ article, pager }: { article: Article; pager: ReactNode }) {
  const { fill } = useUi();
  const textLang = useTextLang();
  useQuietResizeObserverErrors();
  return (
    <article className={styles.article}>
      {pager}
      <MediaCarousel media={article.media} label={fill('carousel', { name: article.name })} />
      <header className={styles.header}>
        <h1 className={styles.title} {...textLang(article.name)}>
          {article.name}
        </h1>
        {article.time && (
          <time className={styles.time} dateTime={article.time}>
            {article.time}
          </time>
        )}
      </header>
      <Blocks content={article.content} className={styles.body} />
    </article>
  );
}
