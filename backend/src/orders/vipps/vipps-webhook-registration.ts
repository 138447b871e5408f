import type { AppConfig } from '../../platform/config';
import { createVippsApi } from './vipps-api';
import { VIPPS_WEBHOOK_EVENTS } from './vipps-webhook.service';

/**
 * Registers the site's webhook with Vipps MobilePay's Webhooks API (POST /webhooks/v1/webhooks) for
 * the ePayment events the site acts on. Vipps answers the webhook's id and its secret, which goes in
 * VIPPS_WEBHOOK_SECRET.
 */
export async function registerVippsWebhook(
  cfg: Pick<AppConfig, 'vipps' | 'publicUrl'>,
  url = `${cfg.publicUrl}/api/vipps/webhook`,
): Promise<{ id: string; secret: string; url: string; events: string[] }> {
  const api = createVippsApi(cfg);
  if (!api) throw new Error('VIPPS_CLIENT_ID, VIPPS_CLIENT_SECRET, VIPPS_SUBSCRIPTION_KEY og VIPPS_MSN må være satt');
  const events = [...VIPPS_WEBHOOK_EVENTS];
  const res = await api.registerWebhook({ url, events });
  return { id: res.id, secret: res.secret, url, events };
}
