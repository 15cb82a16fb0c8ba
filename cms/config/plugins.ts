import { cmsEnvAtStart } from '../src/env';
import { s3UploadProvider } from '../src/utils/media-storage';

const config = () => {
  const env = cmsEnvAtStart();
  // Uploads and their formats in an S3-compatible bucket when S3_BUCKET is set; else cms/public/uploads.
  const s3 = env.s3;
  return {
    upload: {
      config: {
        ...(s3 ? s3UploadProvider(s3) : {}),
        // Largest file an editor may upload (project videos included).
        sizeLimit: env.CMS_UPLOAD_SIZE_LIMIT,
      },
    },
    'users-permissions': {
      config: {
        // The site has no accounts; JWTs are only used by Strapi internals.
        jwtSecret: env.JWT_SECRET,
      },
    },
  };
};

export default config;
