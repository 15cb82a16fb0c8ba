import type { Core } from '@strapi/strapi';

const config = ({ env }: Core.Config.Shared.ConfigParams) => ({
  upload: {
    config: {
      // Largest file an editor may upload (project videos included).
      sizeLimit: env.int('CMS_UPLOAD_SIZE_LIMIT', 200 * 1024 * 1024),
    },
  },
  'users-permissions': {
    config: {
      // The site has no accounts; JWTs are only used by Strapi internals.
      jwtSecret: env('JWT_SECRET'),
    },
  },
});

export default config;
