// How far the fill has got (issue 38), for the site's operator report and the tests: jobs waiting,
// jobs failing, today's provider characters. Not public: it proves itself with the secret the site
// and the CMS share (SITE_WEBHOOK_SECRET), checked in the controller.
export default {
  routes: [
    {
      method: 'GET',
      path: '/localization/status',
      handler: 'localization.status',
      config: { auth: false, policies: [] },
    },
  ],
};
