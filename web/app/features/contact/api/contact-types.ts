import type { Media } from '~/lib/media/media';

export interface ContactInfo {
  wechat: Media | null;
  officialAccount: Media | null;
  address: string;
  phone: string;
  mail: string;
}
