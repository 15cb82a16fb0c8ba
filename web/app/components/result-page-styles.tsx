import { useEffect } from 'react';
import href from './result-page.css?url';
import { afterLoad } from '~/lib/hooks/use-after-load';

/**
 * The not-found, gone and error pages' stylesheet, linked by the page that shows it. React puts the
 * link in <head> (a precedence): a document with one of these pages waits for it before its first
 * paint, and after a move React holds the page until it has loaded. Every other page's document is
 * without these rules (decision 022, fourteenth pass); they are fetched ahead after its load
 * (`useResultPageStylesAhead`).
 */
export function ResultPageStyles() {
  return <link rel="stylesheet" href={href} precedence="site" />;
}

/**
 * Asks for that stylesheet once the page has loaded (`rel=prefetch`, a few hundred bytes): a move to
 * a page that is gone (a link kept from before a project was unpublished) then shows the 404 page
 * from the browser's cache, without waiting on the network for its styles. Once per page load.
 */
export function useResultPageStylesAhead() {
  useEffect(
    () =>
      afterLoad(() => {
        if (document.querySelector(`link[href="${CSS.escape(href)}"]`)) return;
        const link = document.createElement('link');
        link.rel = 'prefetch';
        link.as = 'style';
        link.href = href;
        document.head.append(link);
      }),
    [],
  );
}

/** Its class names: a plain stylesheet, its names prefixed by hand (`result-page.css`). */
export const resultPage = {
  page: 'result-page',
  bar: 'result-page-bar',
  home: 'result-page-home',
  result: 'result-page-result',
  code: 'result-page-code',
  rule: 'result-page-rule',
  title: 'result-page-title',
  headline: 'result-page-headline',
  help: 'result-page-help',
  links: 'result-page-links',
  link: 'result-page-link',
} as const;
