// Views the site counted (issue 39), sent in batches by the site (SITE_WEBHOOK_SECRET, checked in
// the controller); the admin's widget reads them back through an admin route (src/views/admin-routes.ts).
export default {
  routes: [{ method: 'POST', path: '/page-views', handler: 'page-view.add', config: { auth: false, policies: [] } }],
};
