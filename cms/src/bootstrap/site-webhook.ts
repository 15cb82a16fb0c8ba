import type { Core } from '@strapi/strapi';
import { cmsEnv, type CmsEnv } from '../env';

const NAME = 'Site: refresh on publish';
/** Every change a visitor could see: entries (drafts included, for their publish) and media. */
const EVENTS = ['entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish', 'media.create', 'media.update', 'media.delete'];

interface Webhook {
  id: string | number;
  name: string;
  url: string;
  headers: Record<string, string>;
  events: string[];
  isEnabled: boolean;
}

interface WebhookStore {
  findWebhooks(): Promise<Webhook[]>;
  createWebhook(data: Omit<Webhook, 'id'>): Promise<Webhook>;
  updateWebhook(id: Webhook['id'], data: Omit<Webhook, 'id'>): Promise<Webhook>;
  deleteWebhook(id: Webhook['id']): Promise<Webhook>;
}

interface WebhookRunner {
  add(webhook: Webhook): void;
  update(webhook: Webhook): void;
  remove(webhook: Webhook): void;
}

/**
 * The CMS tells the site when content changes, so a publish shows on the site at the next view.
 * The webhook is code, not a click in the admin: made from SITE_WEBHOOK_URL and SITE_WEBHOOK_SECRET
 * at every start (after seeding, so seeding does not call the site hundreds of times), updated when
 * they change, removed when the URL is unset.
 */
export async function syncSiteWebhook(strapi: Core.Strapi, env: CmsEnv = cmsEnv()): Promise<void> {
  const store = strapi.get('webhookStore') as WebhookStore;
  const runner = strapi.get('webhookRunner') as WebhookRunner;
  const url = env.SITE_WEBHOOK_URL;
  const secret = env.SITE_WEBHOOK_SECRET;
  const existing = (await store.findWebhooks()).find((webhook) => webhook.name === NAME);

  if (!url || !secret) {
    if (existing) {
      await store.deleteWebhook(existing.id);
      runner.remove(existing);
    }
    if (url && !secret) strapi.log.warn('SITE_WEBHOOK_URL is set but SITE_WEBHOOK_SECRET is not: the site is not told about changes.');
    return;
  }
  const wanted = { name: NAME, url, headers: { Authorization: `Bearer ${secret}` }, events: EVENTS, isEnabled: true };
  if (!existing) {
    runner.add(await store.createWebhook(wanted));
    strapi.log.info(`Site webhook: ${url}`);
    return;
  }
  const same =
    existing.url === url && existing.isEnabled && existing.headers.Authorization === wanted.headers.Authorization && EVENTS.every((event) => existing.events.includes(event));
  if (!same) runner.update(await store.updateWebhook(existing.id, wanted));
}

/**
 * An instance that did not sync the webhook (not the leader, src/bootstrap/leader.ts) loads what
 * the leader stored, so an entry published on it reaches the site too: Strapi read the webhooks
 * when this instance booted, possibly before the leader had made or changed them.
 */
export async function loadStoredWebhooks(strapi: Core.Strapi): Promise<number> {
  const store = strapi.get('webhookStore') as WebhookStore;
  const runner = strapi.get('webhookRunner') as WebhookRunner;
  const webhooks = await store.findWebhooks();
  for (const webhook of webhooks) runner.update(webhook);
  return webhooks.length;
}
