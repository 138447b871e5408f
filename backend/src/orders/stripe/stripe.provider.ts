import type { Provider } from '@nestjs/common';
import Stripe from 'stripe';
import { APP_CONFIG, type AppConfig } from '../../platform/config';

/** The Stripe client, or null when STRIPE_SECRET_KEY is not set (demo payments outside production). */
export const STRIPE_CLIENT = Symbol('STRIPE_CLIENT');

/** Builds the client from configuration. STRIPE_API_BASE points it elsewhere (a local mock, the tests' fake). */
export function createStripeClient(cfg: Pick<AppConfig, 'stripeSecretKey' | 'stripeApiBase'>): Stripe | null {
  if (!cfg.stripeSecretKey) return null;
  const base = cfg.stripeApiBase;
  const protocol = base ? (base.protocol === 'http:' ? 'http' : 'https') : undefined;
  return new Stripe(cfg.stripeSecretKey, {
    apiVersion: Stripe.API_VERSION,
    typescript: true,
    telemetry: false,
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'trading-akademiet' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port ? Number(base.port) : protocol === 'http' ? 80 : 443,
          protocol,
        }
      : {}),
  });
}

export const stripeProvider: Provider = {
  provide: STRIPE_CLIENT,
  inject: [APP_CONFIG],
  useFactory: (cfg: AppConfig) => createStripeClient(cfg),
};

/** The webhook verifier works without an API key (it only needs the signing secret). */
export function stripeWebhooks(): typeof Stripe.webhooks {
  return Stripe.webhooks;
}
