import type { NextFunction, Request, Response } from 'express';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { canonicalPageAddress, routeSet } from './page-address';
import { isRead } from '../security/request-limits';

type BuildRoutes = ServerBuild['routes'];

/** The build's routes as the tree React Router matches addresses against. */
export function routeTree(routes: BuildRoutes): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const node: RouteObject = route.index
      ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
      : { id: route.id, path: route.path, caseSensitive: route.caseSensitive };
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(node);
    children.set(route.parentId, siblings);
  }
  const attach = (nodes: RouteObject[]): RouteObject[] =>
    nodes.map((node) => (node.index ? node : { ...node, children: attach(children.get(node.id) ?? []) }));
  return attach(children.get(undefined) ?? []);
}

/** The page a React Router data request is for: `/x.data` is `/x`, `/_.data` is `/`, `/en/_.data` is `/en/`. */
export const pageOfDataRequest = (pathname: string): string | undefined =>
  pathname.endsWith('/_.data') ? pathname.slice(0, -'_.data'.length) : pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) || '/' : undefined;

/**
 * A data request's `_routes` in its one spelling (sorted, each once), or undefined when it is not
 * a set of the routes its page matches: an unknown id, a route of another page, an empty entry,
 * the parameter given twice. React Router would ignore such ids, but each spelling was a render and
 * a cache entry of its own (issue 36); a set of the matched routes has at most 2^depth spellings.
 */
export function validRouteSet(values: readonly string[], page: string, tree: RouteObject[]): string | undefined {
  if (values.length !== 1) return undefined;
  const ids = values[0]!.split(',');
  const matched = new Set((matchRoutes(tree, page) ?? []).map((match) => match.route.id));
  if (ids.some((id) => !matched.has(id))) return undefined;
  return routeSet(values[0]!);
}

const refuse = (res: Response, text: string) => void res.status(400).type('text/plain').set('cache-control', 'no-store').send(`Bad Request: ${text}`);

/**
 * The address of every page request, worked out once before anything looks it up: the parameters
 * its page reads and nothing else, and for a data request a `_routes` that names routes of the
 * page, in one spelling (else 400). The cached pages and the renderer both read it from
 * `res.locals.pageAddress`, so what is cached is exactly what was rendered.
 */
export function pageRequests(build: ServerBuild | (() => Promise<ServerBuild>), { rereadBuild = false }: { rereadBuild?: boolean } = {}) {
  let tree: RouteObject[] | undefined;
  const routes = async () => {
    if (!tree || rereadBuild) tree = routeTree((typeof build === 'function' ? await build() : build).routes);
    return tree;
  };
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!isRead(req.method)) return next();
    const queryAt = req.originalUrl.indexOf('?');
    const page = pageOfDataRequest(queryAt < 0 ? req.originalUrl : req.originalUrl.slice(0, queryAt));
    if (page !== undefined && queryAt >= 0) {
      const given = new URLSearchParams(req.originalUrl.slice(queryAt + 1)).getAll('_routes');
      if (given.length > 0) {
        try {
          if (validRouteSet(given, page, await routes()) === undefined) return refuse(res, '_routes names routes this page does not have');
        } catch (error) {
          return next(error);
        }
      }
    }
    res.locals.pageAddress = canonicalPageAddress(req.originalUrl);
    next();
  };
}

/** The address worked out for this request (`pageRequests`), or the request's own made canonical. */
export const pageAddressOf = (req: Request, res: Response): string => (typeof res.locals.pageAddress === 'string' ? res.locals.pageAddress : canonicalPageAddress(req.originalUrl));
