import { data, type RouterContextProvider } from 'react-router';
import { ContentError } from './content-error.server';
import { markDegraded } from '../request/render-state.server';
import { consoleLog, logContext } from '../request/site-context.server';

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The visitor left before the content came: not a failure worth a log line. */
const abandoned = (error: unknown) =>
  (error instanceof ContentError && error.abandoned) || (typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError');

/** The request's log (the server's, with the request's id), else the console. */
const logError = (context: Readonly<RouterContextProvider> | undefined, line: string) => (context ? context.get(logContext) : consoleLog)(line);

/** Where a load happens: the route (for the log line) and the request's context (for the page cache). */
export interface LoadSite {
  route: string;
  context?: Readonly<RouterContextProvider>;
}

/**
 * Spec 8: a failed data load is only logged (once, on the server, with the route and the call);
 * the page renders its empty state, with no message to the visitor, and is not cached.
 */
export async function loadOrEmpty<T>({ route, context }: LoadSite, load: () => Promise<T>, empty: T): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!abandoned(error)) logError(context, `[${route}] content load failed: ${describe(error)}`);
    markDegraded(context);
    return empty;
  }
}

/** Like loadOrEmpty for one entry, but an id the content service does not know is the 404 page. */
export async function loadEntry<T>({ route, context }: LoadSite, load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ContentError && error.notFound) {
      throw data(null, { status: 404, statusText: 'Not Found' });
    }
    if (!abandoned(error)) logError(context, `[${route}] content load failed: ${describe(error)}`);
    markDegraded(context);
    return null;
  }
}
