import type TestAgent from 'supertest/lib/agent';
import { Lead } from '../../backend/src/leads/entities/lead.entity';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { createUser, loginAs, uniqueEmail, type TestApp } from './support/test-app';

/** Helpers shared by the admin API suites. */

export async function adminAgent(t: TestApp): Promise<{ agent: TestAgent; id: number; email: string }> {
  const { agent, user } = await loginAs(t, { role: 'admin', email: uniqueEmail('mentor') });
  return { agent, id: user.id, email: user.email };
}

export interface LeadSeed {
  email?: string;
  courseType?: string;
  source?: string;
  trafficSource?: string | null;
  utmCampaign?: string | null;
  userId?: number | null;
  contacted?: boolean;
  note?: string | null;
  unsubscribedAt?: Date | null;
  createdAt?: Date;
}

/** A lead row written straight to the database (so created times can be chosen). */
export async function insertLead(t: TestApp, seed: LeadSeed = {}): Promise<Lead> {
  const repo = t.ds.getRepository(Lead);
  return repo.save(
    repo.create({
      email: seed.email ?? uniqueEmail('lead'),
      courseType: seed.courseType ?? 'starter',
      source: seed.source ?? '/',
      attribution: {
        trafficSource: seed.trafficSource ?? null,
        landingPath: null,
        referrer: null,
        utmSource: null,
        utmMedium: null,
        utmCampaign: seed.utmCampaign ?? null,
        utmTerm: null,
        utmContent: null,
      },
      userId: seed.userId ?? null,
      contacted: seed.contacted ?? false,
      note: seed.note ?? null,
      unsubscribedAt: seed.unsubscribedAt ?? null,
      createdAt: seed.createdAt ?? new Date(),
    }),
  );
}

export interface OrderSeed {
  email?: string;
  firstName?: string;
  userId?: number | null;
  courseId?: string;
  amountOre?: number;
  refundedOre?: number;
  status?: Order['status'];
  provider?: 'stripe' | 'demo';
  paymentMethod?: 'card' | 'vipps';
  trafficSource?: string | null;
  createdAt?: Date;
  paidAt?: Date | null;
}

/** An order row written straight to the database. */
export async function insertOrder(t: TestApp, seed: OrderSeed = {}): Promise<Order> {
  const repo = t.ds.getRepository(Order);
  const created = seed.createdAt ?? new Date();
  const status = seed.status ?? 'paid';
  return repo.save(
    repo.create({
      userId: seed.userId ?? null,
      email: seed.email ?? uniqueEmail('kjoper'),
      firstName: seed.firstName ?? 'Kari',
      lastName: 'Nordmann',
      courseId: seed.courseId ?? 'foundation',
      amountOre: seed.amountOre ?? 199700,
      currency: 'NOK',
      paymentMethod: seed.paymentMethod ?? 'card',
      provider: seed.provider ?? 'demo',
      status,
      providerReference: null,
      stripePaymentIntentId: null,
      refundedOre: seed.refundedOre ?? 0,
      termsAcceptedAt: created,
      attribution: {
        trafficSource: seed.trafficSource ?? null,
        landingPath: null,
        referrer: null,
        utmSource: null,
        utmMedium: null,
        utmCampaign: null,
        utmTerm: null,
        utmContent: null,
      },
      createdAt: created,
      updatedAt: created,
      paidAt:
        seed.paidAt !== undefined
          ? seed.paidAt
          : status === 'pending' || status === 'failed' || status === 'expired'
            ? null
            : created,
      anonymisedAt: null,
    }),
  );
}

/**
 * A real demo purchase through the checkout (no Stripe key, not production): a paid order, the
 * buyer's account and the course grant. Returns the buyer's signed-in client and the order id.
 */
export async function demoPurchase(
  t: TestApp,
  opts: { email?: string; courseId?: 'foundation' | 'accelerator'; trafficSource?: string } = {},
): Promise<{ buyer: TestAgent; email: string; orderId: number }> {
  const email = opts.email ?? uniqueEmail('kjoper');
  const buyer = t.agent();
  const res = await buyer.post('/api/checkout/sessions').send({
    courseId: opts.courseId ?? 'foundation',
    email,
    firstName: 'Ola',
    lastName: 'Nordmann',
    paymentMethod: 'card',
    acceptTerms: true,
    acceptRisk: true,
    ...(opts.trafficSource ? { attribution: { trafficSource: opts.trafficSource } } : {}),
  });
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`demo checkout failed: ${res.status} ${JSON.stringify(res.body)}`);
  const order = await t.ds.getRepository(Order).findOneByOrFail({ email });
  return { buyer, email, orderId: order.id };
}

/** The total from a `Content-Range: <resource> a-b/total` header. */
export function totalOf(res: { headers: Record<string, string> }): number {
  const h = res.headers['content-range'];
  if (!h) throw new Error('no Content-Range header');
  return Number(h.split('/').pop());
}

/** `?sort=…&range=…&filter=…` in the ra-data-simple-rest dialect. */
export function listQuery(
  opts: { sort?: [string, string]; range?: [number, number]; filter?: Record<string, unknown> } = {},
): string {
  const p = new URLSearchParams();
  if (opts.sort) p.set('sort', JSON.stringify(opts.sort));
  if (opts.range) p.set('range', JSON.stringify(opts.range));
  if (opts.filter) p.set('filter', JSON.stringify(opts.filter));
  const s = p.toString();
  return s ? `?${s}` : '';
}

export { createUser, loginAs, uniqueEmail };
