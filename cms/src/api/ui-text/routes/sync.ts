// The site hands the CMS its own words (the interface in its two hand-written languages) so the
// fill can put them into every other locale. Not a public route: it proves itself with the secret
// the site and the CMS share (SITE_WEBHOOK_SECRET), checked in the controller.
export default {
  routes: [
    {
      method: 'POST',
      path: '/ui-texts/sync',
      handler: 'ui-text.sync',
      config: { auth: false, policies: [] },
    },
  ],
};
