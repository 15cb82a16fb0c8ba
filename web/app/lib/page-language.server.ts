import type { RouterContextProvider } from 'react-router';
import { languageOf } from './language';
import { markDegraded } from './render-state.server';
import { siteServices, visitorContext } from './site-context.server';

/**
 * What a loader read, in the language of the page asked for: as it is for a Chinese page; for its
 * English twin under /en, translated by the site (issue 28). A translation that missed the render
 * deadline leaves that text Chinese on this view, which is then not cached.
 */
export async function inPageLanguage<T>(request: Request, context: Readonly<RouterContextProvider>, value: T): Promise<T> {
  if (languageOf(new URL(request.url).pathname) === 'zh') return value;
  const { value: english, complete } = await siteServices(context).english.translate(value, { client: context.get(visitorContext) });
  if (!complete) markDegraded(context);
  return english;
}
