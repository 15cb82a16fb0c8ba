import type { Core } from '@strapi/strapi';
import { s3Settings, s3UploadProvider } from '../src/utils/media-storage';

const config = ({ env }: Core.Config.Shared.ConfigParams) => {
  // Uploads and their formats in an S3-compatible bucket when S3_BUCKET is set; else cms/public/uploads.
  const s3 = s3Settings();
  return {
    upload: {
      config: {
        ...(s3 ? s3UploadProvider(s3) : {}),
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
  };
};

export default config;
