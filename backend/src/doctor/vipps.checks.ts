import { vippsBaseUrl } from '../orders/vipps/vipps-api';
import { VIPPS_SITE_WEBHOOK_EVENTS as VIPPS_WEBHOOK_EVENTS } from '../orders/vipps/vipps-webhook-registration';
import { call, callFailed, check, isProduction, last4, ProviderAnswer, type Check, type DoctorContext } from './check';

/**
 * Vipps MobilePay (docs/decisions.md "Going live"): the access token comes (POST /accesstoken/get);
 * the Webhooks API has PUBLIC_URL/api/vipps/webhook with the five ePayment events
 * (GET /webhooks/v1/webhooks); VIPPS_TEST_MODE fits NODE_ENV.
 */
export async function vippsChecks(ctx: DoctorContext): Promise<Check[]> {
  const v = ctx.cfg.vipps;
  if (!v)
    return [
      check(
        'vipps',
        'token',
        'off',
        'Vipps er ikke satt opp: sett VIPPS_CLIENT_ID, VIPPS_CLIENT_SECRET, VIPPS_SUBSCRIPTION_KEY og VIPPS_MSN for Vipps-knappen.',
      ),
    ];
  const out: Check[] = [];
  if (isProduction(ctx) && v.testMode)
    out.push(
      check(
        'vipps',
        'mode',
        'error',
        'VIPPS_TEST_MODE=true i produksjon: fjern den og bruk produksjonsnøklene fra Vipps-portalen.',
      ),
    );
  else if (!isProduction(ctx) && !v.testMode && !v.apiBase)
    out.push(
      check(
        'vipps',
        'mode',
        'warning',
        'Vipps bruker produksjon utenfor produksjon: sett VIPPS_TEST_MODE=true og testnøklene her.',
      ),
    );
  else
    out.push(
      check(
        'vipps',
        'mode',
        'ok',
        `Vipps er i ${v.testMode ? 'testmodus' : 'produksjon'}, som passer NODE_ENV=${ctx.cfg.nodeEnv}.`,
      ),
    );

  const base = vippsBaseUrl(v);
  const common = { 'Ocp-Apim-Subscription-Key': v.subscriptionKey, 'Merchant-Serial-Number': v.msn };
  try {
    const token = await call(ctx, 'Vipps', `${base}/accesstoken/get`, {
      method: 'POST',
      headers: { ...common, client_id: v.clientId, client_secret: v.clientSecret },
    });
    const access = (token.body as { access_token?: string } | null)?.access_token;
    if (token.status !== 200 || !access) {
      out.push(
        check(
          'vipps',
          'token',
          'error',
          `Vipps ga ingen tilgangsnøkkel (HTTP ${token.status}): sjekk VIPPS_CLIENT_ID, VIPPS_CLIENT_SECRET (${last4(v.clientSecret)}) og VIPPS_SUBSCRIPTION_KEY (${last4(v.subscriptionKey)}).`,
        ),
      );
      return out;
    }
    out.push(check('vipps', 'token', 'ok', `Vipps ga en tilgangsnøkkel for salgssted ${v.msn}.`));
    const list = await call(ctx, 'Vipps', `${base}/webhooks/v1/webhooks`, {
      headers: { ...common, Authorization: `Bearer ${access}` },
    });
    if (list.status !== 200) throw new ProviderAnswer(list.status);
    const hooks = (list.body as { webhooks?: Array<{ url: string; events: string[] }> } | null)?.webhooks ?? [];
    out.push(webhookCheck(ctx, hooks));
  } catch (e) {
    out.push(callFailed('vipps', 'Vipps', 'VIPPS_API_BASE', e));
  }
  return out;
}

function webhookCheck(ctx: DoctorContext, hooks: Array<{ url: string; events: string[] }>): Check {
  const url = `${ctx.cfg.publicUrl}/api/vipps/webhook`;
  const mine = hooks.filter((h) => h.url === url);
  if (!mine.length) {
    const others = hooks.map((h) => h.url).join(', ');
    return check(
      'vipps',
      'webhook',
      'error',
      `Ingen Vipps-webhook går til ${url}${others ? ` (bare til ${others})` : ''}: kjør npm run vipps:register-webhook og sett VIPPS_WEBHOOK_SECRET.`,
    );
  }
  const events = new Set(mine.flatMap((h) => h.events));
  const missing = VIPPS_WEBHOOK_EVENTS.filter((e) => !events.has(e));
  if (missing.length)
    return check(
      'vipps',
      'webhook',
      'error',
      `Vipps-webhooken til ${url} mangler ${missing.join(', ')}: registrer den på nytt med npm run vipps:register-webhook.`,
    );
  if (!ctx.cfg.vipps?.webhookSecret)
    return check(
      'vipps',
      'webhook',
      'error',
      `Vipps-webhooken til ${url} er registrert, men VIPPS_WEBHOOK_SECRET mangler: sett hemmeligheten Vipps ga ved registreringen.`,
    );
  return check('vipps', 'webhook', 'ok', `Vipps-webhooken til ${url} har alle ${VIPPS_WEBHOOK_EVENTS.length} hendelsene.`);
}
