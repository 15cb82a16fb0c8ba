/**
 * The site's address book (spec 2, issue 42): every page, its address, the module that renders it
 * and the query parameters it reads. It is the one place that knows the pages' addresses:
 * - `routes.ts` builds the route table from it, for the source language and under every locale's
 *   prefix;
 * - the server keys its page cache by it (`server/pages/page-address.ts`: the parameters a page
 *   reads) and labels its metrics by it (`server/observability/metrics.ts`);
 * - the links are made from it (`pageHref`).
 * A page added here is routed, cached and labelled with no other edit.
 */
export interface PageEntry {
  /** React Router's path below its parent, no leading slash; none for an index page. */
  path?: string;
  /** The route module, from app/. */
  file: string;
  /** The query parameters the page reads; every other one is dropped before cache and render. */
  params?: readonly string[];
  /** One visitor's page (a share link's): never served from, nor kept in, a shared cache. */
  private?: boolean;
  /** Pages drawn inside this one (the /dailyPage shell). */
  children?: readonly PageEntry[];
}

/** The shell's address (spec 2): its index, the grid and the details, the topics, the profile. */
export const DAILY_PAGE = 'dailyPage';

/** The pages' addresses in the source language (a locale's are under its prefix: `localePath`). */
export const PAGE = {
  login: '/login',
  shell: `/${DAILY_PAGE}`,
  projects: `/${DAILY_PAGE}/project`,
  project: `/${DAILY_PAGE}/project/:id`,
  articles: `/${DAILY_PAGE}/article`,
  article: `/${DAILY_PAGE}/article/:id`,
  profile: `/${DAILY_PAGE}/profile`,
} as const;

/** The path of a page below the shell (`PAGE.project` is `dailyPage/` + `project/:id`). */
const inShell = (address: string) => address.slice(DAILY_PAGE.length + 2);

export const PAGES: readonly PageEntry[] = [
  { file: 'routes/home.ts' }, // "/" redirects to /login
  { path: PAGE.login.slice(1), file: 'routes/login.tsx' },
  {
    path: DAILY_PAGE,
    file: 'routes/daily-page.tsx',
    children: [
      { file: 'routes/daily-page-index.ts' }, // redirects to /dailyPage/project
      { path: inShell(PAGE.projects), file: 'routes/project-list.tsx', params: ['category'] },
      { path: inShell(PAGE.project), file: 'routes/project-detail.tsx', params: ['documentId', 'category', 'media'] },
      { path: inShell(PAGE.articles), file: 'routes/article-list.tsx' },
      { path: inShell(PAGE.article), file: 'routes/article-detail.tsx', params: ['documentId', 'media'] },
      { path: inShell(PAGE.profile), file: 'routes/profile.tsx' },
    ],
  },
  // A share link (issue 39): one project or article, private or not, for whom the studio sent it.
  { path: 's/:token', file: 'routes/shared.tsx', private: true },
  // Every other address: the 404 page, inside the shell.
  { path: '*', file: 'routes/not-found.tsx' },
];

/** A page as the server sees it: its whole pattern from the root (`/dailyPage/project/:id`). */
export interface PageAddressEntry {
  pattern: string;
  params: readonly string[];
  private: boolean;
}

/** Every page of `book` with its whole pattern, index pages at their parent's; not the 404's `*`. */
export function pageAddresses(book: readonly PageEntry[] = PAGES, parent = ''): PageAddressEntry[] {
  return book.flatMap((page) => {
    if (page.path?.includes('*')) return [];
    const pattern = page.path === undefined ? parent || '/' : `${parent}/${page.path}`;
    const own = { pattern, params: page.params ?? [], private: Boolean(page.private) };
    return [own, ...pageAddresses(page.children ?? [], pattern === '/' ? '' : pattern)];
  });
}

/**
 * A page's pattern as the source of a regular expression: its literal parts escaped, each hole
 * (`:id`) one path segment. Anchors and prefixes are the caller's (metrics label whole paths, the
 * page cache also accepts a locale's prefix and a trailing slash).
 */
export function patternSource(pattern: string): string {
  return pattern.replace(/[.+?*^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+');
}

/** A page's address with its holes filled (`/dailyPage/project/:id` with `{ id }`), each encoded. */
export function pageHref(pattern: string, values: Readonly<Record<string, string>> = {}): string {
  return pattern.replace(/:(\w+)/g, (_hole, name: string) => encodeURIComponent(values[name] ?? ''));
}
