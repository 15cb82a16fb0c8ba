import type { StrapiApp } from '@strapi/strapi/admin';
import { Eye, Link } from '@strapi/icons';

/**
 * The admin, as the studio's own (issue 39): its home page shows what was seen on the site over
 * the last 30 days, and which share links were opened (Strapi 5's homepage widget API), next to
 * Strapi's own widgets.
 */
export default {
  config: {},
  register(app: StrapiApp) {
    app.widgets.register({
      id: 'studio-views',
      icon: Eye,
      title: { id: 'studio.views.title', defaultMessage: 'Seen on the site, last 30 days' },
      component: async () => (await import('./views-widget')).ViewsWidget,
    });
    app.widgets.register({
      id: 'studio-share-links',
      icon: Link,
      title: { id: 'studio.shareLinks.title', defaultMessage: 'Share links opened' },
      link: { label: { id: 'studio.shareLinks.link', defaultMessage: 'All share links' }, href: '/content-manager/collection-types/api::share-link.share-link' },
      component: async () => (await import('./views-widget')).ShareLinksWidget,
    });
  },
};
