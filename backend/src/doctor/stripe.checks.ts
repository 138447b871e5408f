import { STRIPE_WEBHOOK_EVENTS } from '../orders/stripe/stripe-webhook.service';
import { call, callFailed, check, isProduction, last4, ProviderAnswer, type Check, type DoctorContext } from './check';

interface WebhookEndpoint {
  id: string;
  url: string;
  status: string;
  enabled_events: string[];
}
interface Account {
  country?: string;
  default_currency?: string;
  charges_enabled?: boolean;
  capabilities?: Record<string, string>;
}

/**
 * Stripe (docs/decisions.md "Going live"): the key's mode fits NODE_ENV; a webhook endpoint for
 * PUBLIC_URL/api/stripe/webhook exists, is enabled and sends every event the site acts on
 * (GET /v1/webhook_endpoints); the account takes card payments in NOK, and Klarna (GET /v1/account).
 */
export async function stripeChecks(ctx: DoctorContext): Promise<Check[]> {
  const key = ctx.cfg.stripeSecretKey;
  if (!key)
    return [
      check('stripe', 'key', 'off', 'Stripe er ikke satt opp: sett STRIPE_SECRET_KEY og STRIPE_WEBHOOK_SECRET for kortbetaling.'),
    ];
  const live = /^(sk|rk)_live_/.test(key);
  const out: Check[] = [];
  const shown = `STRIPE_SECRET_KEY (${last4(key)})`;
  if (isProduction(ctx) && !live)
    out.push(
      check('stripe', 'mode', 'error', `${shown} er en testnøkkel i produksjon: bytt til live-nøkkelen (sk_live_) fra Stripe.`),
    );
  else if (!isProduction(ctx) && live)
    out.push(
      check('stripe', 'mode', 'warning', `${shown} er en live-nøkkel utenfor produksjon: bruk en testnøkkel (sk_test_) her.`),
    );
  else
    out.push(
      check('stripe', 'mode', 'ok', `${shown} er en ${live ? 'live' : 'test'}nøkkel, som passer NODE_ENV=${ctx.cfg.nodeEnv}.`),
    );

  const base = (ctx.cfg.stripeApiBase?.toString() ?? 'https://api.stripe.com/').replace(/\/+$/, '');
  const get = (path: string) => call(ctx, 'Stripe', `${base}${path}`, { headers: { authorization: `Bearer ${key}` } });
  try {
    const endpoints = await get('/v1/webhook_endpoints?limit=100');
    if (endpoints.status === 401)
      return [
        ...out,
        check('stripe', 'key', 'error', `Stripe avviste ${shown}: lim inn en gyldig nøkkel fra Stripe (Utviklere → API-nøkler).`),
      ];
    if (endpoints.status !== 200) throw new ProviderAnswer(endpoints.status);
    out.push(webhookCheck(ctx, ((endpoints.body as { data?: WebhookEndpoint[] })?.data ?? []) as WebhookEndpoint[]));
    const account = await get('/v1/account');
    if (account.status !== 200) throw new ProviderAnswer(account.status);
    out.push(...accountChecks(account.body as Account));
  } catch (e) {
    out.push(callFailed('stripe', 'Stripe', 'STRIPE_API_BASE', e));
  }
  return out;
}

function webhookCheck(ctx: DoctorContext, endpoints: WebhookEndpoint[]): Check {
  const url = `${ctx.cfg.publicUrl}/api/stripe/webhook`;
  const endpoint = endpoints.find((e) => e.url === url);
  if (!endpoint) {
    const others = endpoints.map((e) => e.url).join(', ');
    return check(
      'stripe',
      'webhook',
      'error',
      `Ingen webhook i Stripe går til ${url}${others ? ` (bare til ${others})` : ''}: legg den til under Utviklere → Webhooks.`,
    );
  }
  if (endpoint.status !== 'enabled')
    return check('stripe', 'webhook', 'error', `Webhooken til ${url} er slått av i Stripe: slå den på igjen.`);
  const events = new Set(endpoint.enabled_events);
  const missing = events.has('*') ? [] : STRIPE_WEBHOOK_EVENTS.filter((e) => !events.has(e));
  if (missing.length)
    return check(
      'stripe',
      'webhook',
      'error',
      `Webhooken til ${url} mangler hendelsene ${missing.join(', ')}: legg dem til i Stripe.`,
    );
  return check(
    'stripe',
    'webhook',
    'ok',
    `Webhooken til ${url} er på og sender alle ${STRIPE_WEBHOOK_EVENTS.length} hendelsene siden trenger.`,
  );
}

function accountChecks(account: Account): Check[] {
  const caps = account.capabilities ?? {};
  const nok = (account.default_currency ?? '').toLowerCase() === 'nok' || (account.country ?? '').toUpperCase() === 'NO';
  const card =
    caps.card_payments !== 'active' || account.charges_enabled === false
      ? check(
          'stripe',
          'cards',
          'error',
          'Stripe-kontoen kan ikke ta kortbetaling ennå: fullfør aktiveringen av kontoen i Stripe.',
        )
      : nok
        ? check('stripe', 'cards', 'ok', 'Stripe-kontoen tar kortbetaling i NOK.')
        : check(
            'stripe',
            'cards',
            'warning',
            `Stripe-kontoen er registrert i ${account.country ?? 'ukjent land'} med ${account.default_currency ?? 'ukjent'} som valuta: bruk en norsk konto for utbetaling i NOK.`,
          );
  const klarna =
    caps.klarna_payments === 'active'
      ? check('stripe', 'klarna', 'ok', 'Klarna er aktivert på Stripe-kontoen.')
      : check(
          'stripe',
          'klarna',
          'warning',
          'Klarna er ikke aktivert på Stripe-kontoen: slå på Klarna under Innstillinger → Betalingsmetoder, ellers vises bare kort.',
        );
  return [card, klarna];
}
