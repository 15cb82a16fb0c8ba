// The site reports the machine translations it made, so the studio sees them in the admin and can
// correct them. Not a public route: it proves itself with the secret the site and the CMS share
// (SITE_WEBHOOK_SECRET), checked in the controller.
export default {
  routes: [
    {
      method: 'POST',
      path: '/translations/report',
      handler: 'translation.report',
      config: { auth: false, policies: [] },
    },
  ],
};
