import href from './result-page.css?url';

/**
 * The not-found, gone and error pages' stylesheet, linked by the page that shows it. React puts the
 * link in <head> (a precedence) and holds the page until it has loaded: on the server the page
 * arrives with it, after a move the page is not drawn without it. Every other page's document is
 * without these rules (decision 022, fourteenth pass).
 */
export function ResultPageStyles() {
  return <link rel="stylesheet" href={href} precedence="site" />;
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
