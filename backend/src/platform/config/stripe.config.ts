import type { EnvReader } from './env-reader';

/** Stripe (card and Klarna): STRIPE_*. Without a secret key and outside production, payments are demo payments. */
export interface StripeConfig {
  stripeSecretKey: string | null;
  stripeWebhookSecret: string | null;
  stripeApiBase: URL | null;
}

export function readStripe(env: EnvReader): StripeConfig {
  const stripeSecretKey = env.str('STRIPE_SECRET_KEY');
  if (stripeSecretKey !== null && !/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/.test(stripeSecretKey))
    env.problem('STRIPE_SECRET_KEY: må starte med sk_test_, sk_live_, rk_test_ eller rk_live_');
  const stripeWebhookSecret = env.str('STRIPE_WEBHOOK_SECRET');
  if (stripeWebhookSecret !== null && !stripeWebhookSecret.startsWith('whsec_'))
    env.problem('STRIPE_WEBHOOK_SECRET: må starte med whsec_');
  if (stripeSecretKey !== null && stripeWebhookSecret === null && env.production)
    env.problem('STRIPE_WEBHOOK_SECRET: påkrevd i produksjon når STRIPE_SECRET_KEY er satt');
  const apiBase = env.url('STRIPE_API_BASE', null);
  return { stripeSecretKey, stripeWebhookSecret, stripeApiBase: apiBase ? new URL(apiBase) : null };
}
