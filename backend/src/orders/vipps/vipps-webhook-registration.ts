import type { AppConfig } from '../../platform/config';
import { createVippsApi } from './vipps-api';
import { VIPPS_RECURRING_WEBHOOK_EVENTS } from '../subscriptions/vipps-recurring-events.service';
import { VIPPS_WEBHOOK_EVENTS } from './vipps-webhook.service';

/** Every event the site's webhook is registered for: ePayment's, and Recurring's (memberships renewing by Vipps). */
export const VIPPS_SITE_WEBHOOK_EVENTS: readonly string[] = [...VIPPS_WEBHOOK_EVENTS, ...VIPPS_RECURRING_WEBHOOK_EVENTS];

/**
 * Registers the site's webhook with Vipps MobilePay's Webhooks API (POST /webhooks/v1/webhooks) for
 * the ePayment events and the Recurring events (memberships renewing by Vipps) the site acts on. Vipps answers the webhook's id and its secret, which goes in
 * VIPPS_WEBHOOK_SECRET.
 */
export async function registerVippsWebhook(
  cfg: Pick<AppConfig, 'vipps' | 'publicUrl'>,
  url = `${cfg.publicUrl}/api/vipps/webhook`,
): Promise<{ id: string; secret: string; url: string; events: string[] }> {
  const api = createVippsApi(cfg);
  if (!api) throw new Error('VIPPS_CLIENT_ID, VIPPS_CLIENT_SECRET, VIPPS_SUBSCRIPTION_KEY og VIPPS_MSN må være satt');
  const events = [...VIPPS_SITE_WEBHOOK_EVENTS];
  const res = await api.registerWebhook({ url, events });
  return { id: res.id, secret: res.secret, url, events };
}
