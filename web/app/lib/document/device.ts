/**
 * Phone or web layout, chosen on the server from the User-Agent so the first HTML already has the
 * right layout (spec 1: "a user-agent pattern"). Phones: iPhone/iPod, Android phones ("Mobile"),
 * Windows Phone, BlackBerry, Opera Mini, and WeChat on a phone. Tablets (iPad, Android without
 * "Mobile") get the web layout: they have the width for it.
 */
export type Layout = 'phone' | 'web';

const PHONE = /iPhone|iPod|Android.+Mobile|Windows Phone|BlackBerry|BB10|Opera Mini|IEMobile|webOS|Mobile Safari(?!.*iPad)/i;
const TABLET = /iPad|Tablet|Android(?!.*Mobile)/i;

export function layoutFor(userAgent: string | null | undefined): Layout {
  if (!userAgent) return 'web';
  if (TABLET.test(userAgent)) return 'web';
  return PHONE.test(userAgent) ? 'phone' : 'web';
}
