import { beforeEach, describe, expect, it } from 'vitest';
import { inlinedInDocument, markInlinedForRouter, markPlainAddresses } from './inline-stylesheets';

describe('stylesheets inlined by the server, in the browser', () => {
  beforeEach(() => {
    document.head.innerHTML = `
      <style data-precedence="site" data-href="/assets/app.css /assets/project-list.css studio-wordmark-abc">.a{}</style>
      <link rel="stylesheet" href="/assets/pager.css">`;
  });

  it('are found as the server wrote them, several in one element', () => {
    expect([...(inlinedInDocument(document)?.keys() ?? [])]).toEqual(['/assets/app.css', '/assets/project-list.css', 'studio-wordmark-abc']);
  });

  it("each get the disabled link React Router's guard looks for, once, and nothing the browser would load", () => {
    const inlined = inlinedInDocument(document);
    markInlinedForRouter(document, inlined);
    markInlinedForRouter(document, inlined);
    const marks = [...document.querySelectorAll<HTMLLinkElement>('link[data-inlined]')];
    expect(marks.map((link) => link.getAttribute('href'))).toEqual(['/assets/app.css', '/assets/project-list.css']);
    for (const link of marks) expect(link.hasAttribute('disabled')).toBe(true);
    // React Router's own test, as it asks before a route's loader runs.
    expect(document.querySelector('link[rel="stylesheet"][href="/assets/project-list.css"]')).not.toBeNull();
    expect(document.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(3);
  });

  it('tells Vite’s loader of a lazy chunk, too, that a stylesheet React Router names with a `#` is on the page', () => {
    document.head.innerHTML = '<style data-precedence="site" data-href="/assets/app.css /assets/media-viewer-url.css#">.a{}</style>';
    markInlinedForRouter(document, inlinedInDocument(document));
    const marks = [...document.querySelectorAll<HTMLLinkElement>('link[data-inlined]')];
    expect(marks.map((link) => link.getAttribute('href'))).toEqual(['/assets/app.css', '/assets/media-viewer-url.css#', '/assets/media-viewer-url.css']);
    // Vite's preload compares each stylesheet link's resolved address with the file's.
    const styles = new Set(marks.filter((link) => link.rel === 'stylesheet').map((link) => link.href));
    expect(styles.has(new URL('/assets/media-viewer-url.css', document.baseURI).href)).toBe(true);
  });

  it('marks a stylesheet React linked after a move under its `#` name under its own address too, once', () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/assets/media-viewer-url.css#" data-precedence="site"><link rel="stylesheet" href="/assets/pager.css">';
    markPlainAddresses(document);
    markPlainAddresses(document);
    const marks = [...document.querySelectorAll<HTMLLinkElement>('link[data-inlined]')];
    expect(marks.map((link) => [link.getAttribute('href'), link.hasAttribute('disabled')])).toEqual([['/assets/media-viewer-url.css', true]]);
  });

  it('does nothing on a page that inlined nothing (the development server)', () => {
    document.head.innerHTML = '';
    markInlinedForRouter(document, inlinedInDocument(document));
    expect(document.head.children).toHaveLength(0);
  });
});
