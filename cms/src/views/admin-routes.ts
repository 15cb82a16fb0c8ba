import type { Core } from '@strapi/strapi';
import { privacyOf } from '../privacy/privacy';
import { SHARE_LINK } from '../privacy/share-links';
import { linkState } from '../privacy/share-tokens';

interface Context {
  status: number;
  body: unknown;
  query: Record<string, unknown>;
}

interface LinkRow {
  label: string;
  opens: number | null;
  lastOpenedAt: string | null;
  revoked: boolean | null;
  expiresAt: string | null;
  project?: { projectName?: string } | null;
  article?: { articleName?: string } | null;
}

/**
 * GET /admin/studio/views (signed-in editors): the admin home page's widget (src/admin) reads the
 * last 30 days' views per day, the most viewed projects and articles, and the share links opened.
 */
/** How many pages the summary lists: `top` when it is a whole number from 1 to 100, else 10. */
export const topOf = (value: unknown): number => {
  const asked = typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : NaN;
  return asked >= 1 && asked <= 100 ? asked : 10;
};

export function registerViewRoutes(strapi: Core.Strapi): void {
  const routes = strapi.admin.routes as unknown as Record<string, { type: string; routes: unknown[] }>;
  routes['studio-views'] = {
    type: 'admin',
    routes: [
      {
        method: 'GET',
        path: '/studio/views',
        handler: async (ctx: Context) => {
          const { views } = privacyOf(strapi);
          const source = (await strapi.plugin('i18n').service('locales').getDefaultLocale()) as string;
          const links = (await strapi.db.query(SHARE_LINK as never).findMany({
            where: { opens: { $gt: 0 } },
            select: ['label', 'opens', 'lastOpenedAt', 'revoked', 'expiresAt'],
            populate: { project: { select: ['projectName'], where: { locale: source } }, article: { select: ['articleName'], where: { locale: source } } },
            orderBy: [{ lastOpenedAt: 'desc' }],
            limit: 10,
          })) as LinkRow[];
          ctx.body = {
            data: {
              // 10 unless `?top=` (up to 100) asks otherwise; the home page's widget asks for 3.
              ...(await views.summary({ top: topOf(ctx.query.top) })),
              links: links.map((link) => ({
                label: link.label,
                opens: link.opens ?? 0,
                lastOpenedAt: link.lastOpenedAt,
                name: link.project?.projectName ?? link.article?.articleName ?? null,
                state: linkState({ ...link, item: link.project ?? link.article }),
              })),
            },
          };
        },
        config: { policies: ['admin::isAuthenticatedAdmin'] },
      },
    ],
  };
}
