import { memo, type ComponentType } from 'react';

/** What of React Router's framework-mode props a page reads: its own data. */
interface RouteComponentProps {
  loaderData?: unknown;
  actionData?: unknown;
}

/**
 * A route's page that renders again only when its own data changes.
 *
 * React Router's framework mode hands each route's component `matches` and `params` as well:
 * new objects with every change of the router's state (`params` are the whole address's, so the
 * shell's change with the project open in it). A move makes three such changes (the move starts,
 * its data is there, the view transition's step), so every page on the screen (the shell with its
 * header and drawers, the page being left, the grid kept hidden) rendered three times with all it
 * holds, on a move that replaces one page (issue 41: a move's time is the main thread's). What a
 * page reads of the router itself (`useLocation`, `useParams`, …) still renders it when that
 * changes; only the props are compared, and of them the data.
 *
 * For pages that read only `loaderData` and `actionData` of their props (all of the site's).
 */
export function routePage<Props extends RouteComponentProps>(Page: ComponentType<Props>) {
  const Memoised = memo(Page, (before, after) => before.loaderData === after.loaderData && before.actionData === after.actionData);
  Memoised.displayName = Page.displayName ?? Page.name;
  return Memoised;
}
