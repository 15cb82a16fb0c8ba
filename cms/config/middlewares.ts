import { cmsEnvAtStart } from '../src/env';

const config = () => {
  const env = cmsEnvAtStart();
  // The admin's media library shows uploads from the bucket's address when they are kept in one.
  const bucket = env.s3?.publicUrl;
  const media = ["'self'", 'data:', 'blob:', 'market-assets.strapi.io', ...(bucket ? [new URL(bucket).origin] : [])];
  return [
    // In place of strapi::logger: one line per request, with its id (the site's x-request-id).
    'global::request-id',
    // Outside strapi::errors, so error answers are escaped too.
    'global::json-escape',
    'strapi::errors',
    {
      // Strapi's own admin policy, plus the site in the preview panel ("Open preview").
      name: 'strapi::security',
      config: {
        contentSecurityPolicy: {
          useDefaults: true,
          directives: { 'frame-src': ["'self'", env.SITE_URL], 'img-src': media, 'media-src': media },
        },
      },
    },
    {
      // The site calls the CMS from its server, never from a browser, and the admin is served from
      // the CMS's own origin: no other origin needs CORS (Strapi's default reflects any origin).
      name: 'strapi::cors',
      config: { origin: [...env.CMS_CORS_ORIGINS] },
    },
    // strapi::poweredBy is left out: no X-Powered-By header.
    'strapi::query',
    // Anonymous reads keep to the query shapes the site needs: global::public-query-guard, a route
    // middleware on the studio's content routes, after authentication (src/utils/public-router.ts).
    'strapi::body',
    // Failed sign-ins per address across e-mails (Strapi's own limit is per e-mail and address).
    'global::login-limit',
    'strapi::session',
    // The studio's mark (cms/favicon.png): without the file, /favicon.ico answered 500.
    'strapi::favicon',
    // Files only private work uses are not served from the folder (issue 39).
    'global::private-uploads',
    'strapi::public',
  ];
};

export default config;
