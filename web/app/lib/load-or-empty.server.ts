import { data } from 'react-router';
import { ContentError } from './content-client.server';

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Spec 8: a failed data load is only logged (once, on the server, with the route and the call);
 * the page renders its empty state, with no message to the visitor.
 */
export async function loadOrEmpty<T>(route: string, load: () => Promise<T>, empty: T): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!(error instanceof ContentError && error.abandoned)) console.error(`[${route}] content load failed: ${describe(error)}`);
    return empty;
  }
}

/** Like loadOrEmpty for one entry, but an id the content service does not know is the 404 page. */
export async function loadEntry<T>(route: string, load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ContentError && error.notFound) {
      throw data(null, { status: 404, statusText: 'Not Found' });
    }
    if (!(error instanceof ContentError && error.abandoned)) console.error(`[${route}] content load failed: ${describe(error)}`);
    return null;
  }
}
