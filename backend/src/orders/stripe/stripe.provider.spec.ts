import Stripe from 'stripe';
import { createStripeClient } from './stripe.provider';
import { sessionMatchesOrder } from './stripe-webhook.service';
import type { Order } from '../entities/order.entity';

describe('createStripeClient', () => {
  it('is null without a secret key (demo payments or 503)', () => {
    expect(createStripeClient({ stripeSecretKey: null, stripeApiBase: null })).toBeNull();
  });

  it('talks to api.stripe.com by default, with the SDK’s API version', () => {
    const s = createStripeClient({ stripeSecretKey: 'sk_test_abc', stripeApiBase: null })!;
    expect(s.getApiField('host')).toBe('api.stripe.com');
    expect(s.getApiField('protocol')).toBe('https');
    expect(s.getApiField('version')).toBe(Stripe.API_VERSION);
  });

  it('follows STRIPE_API_BASE (host, port and protocol)', () => {
    const s = createStripeClient({ stripeSecretKey: 'sk_test_abc', stripeApiBase: new URL('http://127.0.0.1:12111') })!;
    expect(s.getApiField('host')).toBe('127.0.0.1');
    expect(String(s.getApiField('port'))).toBe('12111');
    expect(s.getApiField('protocol')).toBe('http');
    const t = createStripeClient({ stripeSecretKey: 'sk_test_abc', stripeApiBase: new URL('https://stripe-mock.internal') })!;
    expect(String(t.getApiField('port'))).toBe('443');
    expect(t.getApiField('protocol')).toBe('https');
  });
});

describe('sessionMatchesOrder', () => {
  const order = { amountOre: 199700, currency: 'NOK' } as Order;
  it('requires the same amount in NOK', () => {
    expect(sessionMatchesOrder({ amount_total: 199700, currency: 'nok' }, order)).toBe(true);
    expect(sessionMatchesOrder({ amount_total: 100, currency: 'nok' }, order)).toBe(false);
    expect(sessionMatchesOrder({ amount_total: 199700, currency: 'sek' }, order)).toBe(false);
    expect(sessionMatchesOrder({ amount_total: null, currency: null }, order)).toBe(false);
  });
});
