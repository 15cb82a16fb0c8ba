import { z } from 'zod';
import { inLocale, type CallOptions } from '~/lib/content/content-api';
import { MEDIA_FIELDS, mediaSchema, toMedia } from '~/lib/media/media-schema.server';
import type { ContactInfo } from './contact-types';
import { UI } from '~/lib/language/ui-text';

const contactSchema = z
  .object({
    wechatimg: mediaSchema.nullish(),
    woaImage: mediaSchema.nullish(),
    address: z.string().nullish(),
    phonenum: z.string().nullish(),
    mail: z.string().nullish(),
  })
  .nullable();

/** Spec 7: GET /api/contact-mess with wechatimg (url) and woaImage (url), retried. */
export async function getContact({ client, signal, locale }: CallOptions): Promise<ContactInfo | null> {
  const row = await client.get({
    signal,
    call: 'GET /api/contact-mess',
    path: '/api/contact-mess',
    query: inLocale({ populate: { wechatimg: { fields: [...MEDIA_FIELDS] }, woaImage: { fields: [...MEDIA_FIELDS] } } }, locale),
    schema: contactSchema,
    retried: true,
  });
  if (!row) return null;
  const base = client.config;
  return {
    wechat: row.wechatimg ? toMedia(row.wechatimg, base, UI.wechatQr) : null,
    officialAccount: row.woaImage ? toMedia(row.woaImage, base, UI.officialAccountQr) : null,
    address: row.address ?? '',
    phone: row.phonenum ?? '',
    mail: row.mail ?? '',
  };
}
