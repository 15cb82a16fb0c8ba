// What a share link's token opens (issue 39), asked by the site with the token's hash (the token
// itself never leaves the site). Not public: the site's secret (SITE_WEBHOOK_SECRET), checked in
// the controller.
export default {
  routes: [
    {
      method: 'GET',
      path: '/share-links/resolve/:hash',
      handler: 'share-link.resolve',
      config: { auth: false, policies: [] },
    },
  ],
};
