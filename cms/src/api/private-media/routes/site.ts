// Private work's files (issue 39), for the site only (SITE_WEBHOOK_SECRET, checked in the
// controller): which keys are private, and a private file's bytes for a share link's page.
export default {
  routes: [
    { method: 'GET', path: '/private-media', handler: 'private-media.list', config: { auth: false, policies: [] } },
    { method: 'GET', path: '/private-media/file', handler: 'private-media.file', config: { auth: false, policies: [] } },
  ],
};
