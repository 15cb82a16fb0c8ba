import { factories, type UID } from '@strapi/strapi';

/**
 * The site asks for its lists without pagination and expects all of them (spec section 7), so
 * config/api.ts sets defaultLimit to -1 ("no limit") while explicit pages stay capped by maxLimit.
 * Strapi then reports pageSize -1 and pageCount 0; this gives the meta its real values instead.
 */
interface PaginationMeta {
  page?: number;
  pageSize?: number;
  pageCount?: number;
  total?: number;
}

export function wholeListMeta(pagination: PaginationMeta | undefined, returned: number): PaginationMeta | undefined {
  if (!pagination || pagination.pageSize !== -1) return pagination;
  const total = pagination.total ?? returned;
  return { page: 1, pageSize: total, pageCount: total > 0 ? 1 : 0, total };
}

/**
 * The order of a list asked for without one (the spec's calls for articles, categories, landing
 * images and profiles): the order the studio made them in, the same on every database and after a
 * restore (which numbers rows anew), where the database's own order was whatever it found first.
 */
export const DEFAULT_SORT = ['createdAt:asc', 'documentId:asc'];

/**
 * The controller of a collection the site lists (articles, categories, first-page images,
 * profiles, projects): Strapi's own, with a stable default order and the whole-list pagination
 * meta above.
 */
export function wholeListController(uid: UID.CollectionType) {
  return factories.createCoreController(uid, () => ({
    async find(ctx) {
      if (ctx.query.sort === undefined) ctx.query = { ...ctx.query, sort: DEFAULT_SORT };
      const response = await super.find(ctx);
      const data = Array.isArray(response?.data) ? response.data : [];
      return { ...response, meta: { ...response?.meta, pagination: wholeListMeta(response?.meta?.pagination, data.length) } };
    },
  }));
}
