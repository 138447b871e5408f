import type TestAgent from 'supertest/lib/agent';
import { adminAgent } from '../admin-helpers';
import { fakeStripeEnv, startFakeStripe, type FakeStripe } from './fake-stripe';
import { fakeVippsEnv, startFakeVipps, type FakeVipps } from './fake-vipps';
import { startTestApp, uniqueEmail, type TestApp } from './test-app';

/** The app on a fake Stripe, with a signed-in administrator; `close()` stops the app, then the fake. */
export interface StripeApp {
  t: TestApp;
  stripe: FakeStripe;
  admin: TestAgent;
  close(): Promise<void>;
}

/** The app on a fake Stripe and a fake Vipps, with a signed-in administrator. */
export interface PaymentsApp extends StripeApp {
  vipps: FakeVipps;
}

export async function startStripeApp(env: Record<string, string> = {}): Promise<StripeApp> {
  const stripe = await startFakeStripe();
  const t = await startTestApp({ ...fakeStripeEnv(stripe), ...env });
  const { agent: admin } = await adminAgent(t);
  return {
    t,
    stripe,
    admin,
    async close() {
      await t.close();
      await stripe.close();
    },
  };
}

export async function startPaymentsApp(env: Record<string, string> = {}): Promise<PaymentsApp> {
  const vipps = await startFakeVipps();
  const stripe = await startFakeStripe();
  const t = await startTestApp({ ...fakeStripeEnv(stripe), ...fakeVippsEnv(vipps), ...env });
  const { agent: admin } = await adminAgent(t);
  return {
    t,
    stripe,
    vipps,
    admin,
    async close() {
      await t.close();
      await vipps.close();
      await stripe.close();
    },
  };
}

/**
 * The checkout form as the storefront sends it to POST /api/checkout/sessions: Foundation by card,
 * both boxes ticked, a new address; `over` changes or adds fields.
 */
export function checkoutForm(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    courseId: 'foundation',
    email: uniqueEmail('kjoper'),
    firstName: 'Ola',
    lastName: 'Nordmann',
    paymentMethod: 'card',
    acceptTerms: true,
    acceptRisk: true,
    ...over,
  };
}
