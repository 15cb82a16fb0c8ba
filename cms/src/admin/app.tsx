import type { StrapiApp } from '@strapi/strapi/admin';
import { Eye } from '@strapi/icons';

/**
 * The admin, as the studio's own (issue 39): its home page shows what was seen on the site over
 * the last 30 days (Strapi 5's homepage widget API), next to Strapi's own widgets.
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
  },
};
