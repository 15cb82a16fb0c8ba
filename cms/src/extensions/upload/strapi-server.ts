import type { Core } from '@strapi/strapi';
import { privacyOf } from '../../privacy/privacy';

interface UploadFile {
  url: string;
}

interface Provider {
  isPrivate?(): boolean | Promise<boolean>;
  getSignedUrl?(file: UploadFile, params?: unknown): Promise<{ url: string }>;
  [name: string]: unknown;
}

interface UploadPlugin {
  contentTypes: { file: { schema: { attributes: Record<string, unknown> } } };
  register?: (context: { strapi: Core.Strapi }) => void | Promise<void>;
}

/**
 * The upload provider, as Strapi's upload plugin made it, answering for private work's files
 * (issue 39): Strapi signs every file's address when its provider says it is private, so this one
 * says so and signs only the files of private projects and articles, for the admin (an hour-long
 * presigned address in the bucket, or a checked one in the folder), leaving every other address
 * as it was. The admin thus
 * shows private pictures while neither the bucket nor the CMS's /uploads serves them to anyone else.
 */
function privateAware(strapi: Core.Strapi, inner: Provider): Provider {
  const { storage, media } = privacyOf(strapi);
  // The provider's own methods stay where Strapi put them (some on its prototype: checkFileSize).
  return Object.assign(Object.create(inner) as Provider, {
    isPrivate: () => true,
    async getSignedUrl(file: UploadFile) {
      const key = storage.keyOf(file.url);
      // The content API (the site, editors' tokens) gets plain addresses: the site reads a share
      // link's files through the CMS, and a presigned address would open a file past its link.
      const request = strapi.requestContext.get() as { path?: string } | undefined;
      if (!key || !media.isPrivate(key) || request?.path?.startsWith('/api/')) return { url: file.url };
      return { url: await storage.signedUrl(file.url, key) };
    },
  });
}

/**
 * Every uploaded picture also keeps a placeholder: its colours in a few dozen characters, drawn by
 * the site while the picture itself is on its way (issue 26; src/bootstrap/placeholders.ts makes
 * it when the picture is uploaded).
 */
export default (plugin: UploadPlugin): UploadPlugin => {
  plugin.contentTypes.file.schema.attributes.placeholder = { type: 'string', configurable: false };
  const register = plugin.register;
  plugin.register = async (context) => {
    await register?.(context);
    const upload = context.strapi.plugin('upload') as unknown as { provider: Provider };
    upload.provider = privateAware(context.strapi, upload.provider);
  };
  return plugin;
};
