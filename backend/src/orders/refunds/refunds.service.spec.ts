import { VippsPaymentsService } from '../vipps/vipps-payments.service';
import { SystemClock } from '../../platform/time/clock';
import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { openMemoryDatabase } from '../../platform/database/testing/memory-database';
// eslint-disable-next-line boundaries/dependencies -- the spec wires the owners' real services (its own composition root) with their repositories
import { Grant } from '../../access/entities/grant.entity';
import { GrantsService } from '../../access/grants.service';
import type { CatalogService } from '../../catalog/catalog.service';
import { AppError } from '../../platform/errors/app-error';
import { Order } from '../entities/order.entity';
import { receiptsService } from '../testing/receipts-service';
import { saveOrder } from '../testing/order-row';
import { Refund } from '../entities/refund.entity';
import { EventBus, type OrderRefunded } from '../../platform/events';
import type { RefundLedger } from './refund-ledger.service';
import type { RefundsService } from './refunds.service';
import { refundsService } from '../testing/refunds-service';
import { pricingServices } from '../testing/pricing-services';
import { parseEnv } from '../../platform/config/env.schema';

const PRICE = 199700;

/** The answer's status and code of a rejected refund. */
async function rejection(p: Promise<unknown>): Promise<{ status: number; code: unknown }> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return { status: err.getStatus(), code: (err.getResponse() as { code?: unknown }).code };
}

describe('RefundsService (a refund never exceeds what was paid)', () => {
  let ds: DataSource;
  let refunds: RefundsService;
  let ledger: RefundLedger;
  let grants: GrantsService;
  const events: OrderRefunded[] = [];
  let seq = 0;

  beforeAll(async () => {
    // The services log each payment and refund; a spec run needs none of it.
    Logger.overrideLogger(false);
    ds = await openMemoryDatabase();
    grants = new GrantsService(ds.getRepository(Grant));
    const orderEvents = new EventBus();
    orderEvents.add('order.refunded', 'spec', 'after-commit', (e) => void events.push(e));
    const catalog = { invalidate: () => undefined } as unknown as CatalogService;
    // No Stripe client: demo orders are refunded without one; Stripe's own reports come through recordStripeRefunds.
    const { seats } = pricingServices(ds, parseEnv({ NODE_ENV: 'test' }));
    ({ refunds, ledger } = refundsService(ds, {
      grants,
      catalog,
      events: orderEvents,
      receipts: receiptsService(ds),
      seats,
      vipps: new VippsPaymentsService(parseEnv({ NODE_ENV: 'test' }), null, ds, new SystemClock()),
    }));
  });
  afterAll(() => ds.destroy());
  beforeEach(() => void (events.length = 0));

  /** A paid order of a buyer, with the grant it created. */
  async function paidOrder(provider: 'demo' | 'stripe' = 'demo'): Promise<{ order: Order; userId: number }> {
    const now = new Date();
    const userId = 1000 + ++seq;
    const order = await saveOrder(ds, {
      userId,
      email: `refusjon-${seq}@example.no`,
      firstName: 'Ola',
      amountOre: PRICE,
      provider,
      status: 'paid',
      stripePaymentIntentId: `pi_r${seq}`,
      paidAt: now,
    });
    await grants.grant({ userId, courseId: 'foundation', source: 'purchase', orderId: order.id });
    // Another course of the same buyer, granted by hand: refunds never touch it.
    await grants.grant({ userId, courseId: 'kryptovaluta', source: 'manual' });
    return { order, userId };
  }

  const reload = (id: number) => ds.getRepository(Order).findOneByOrFail({ id });

  it('a partial refund keeps the course; the rest refunds the order and revokes only its grant', async () => {
    const { order, userId } = await paidOrder();
    const first = await refunds.refund(order.id, { amount: 50000, reason: 'Delvis' }, 9);
    expect(first.order).toMatchObject({ status: 'partially_refunded', refundedOre: 50000 });
    expect(first.refund).toMatchObject({ orderId: order.id, amountOre: 50000, reason: 'Delvis', createdBy: 9 });
    expect(await grants.owns(userId, 'foundation')).toBe(true);

    const rest = await refunds.refund(order.id, { reason: 'Resten' }, 9);
    expect(rest.refund.amountOre).toBe(PRICE - 50000);
    expect(await reload(order.id)).toMatchObject({ status: 'refunded', refundedOre: PRICE });
    expect(await grants.owns(userId, 'foundation')).toBe(false);
    expect(await grants.owns(userId, 'kryptovaluta')).toBe(true);
    expect(events.map((e) => [e.amountOre, e.totalRefundedOre, e.full])).toEqual([
      [50000, 50000, false],
      [PRICE - 50000, PRICE, true],
    ]);
  });

  it('more than what remains is refused and writes nothing', async () => {
    const { order } = await paidOrder();
    await refunds.refund(order.id, { amount: 150000, reason: 'Delvis' });
    for (const amount of [PRICE - 150000 + 1, PRICE, 0, -5, 10.5]) {
      expect(await rejection(refunds.refund(order.id, { amount, reason: 'For mye' }))).toEqual({
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
    expect(await reload(order.id)).toMatchObject({ status: 'partially_refunded', refundedOre: 150000 });
    expect(await ds.getRepository(Refund).countBy({ orderId: order.id })).toBe(1);
  });

  it('concurrent full refunds of one order: one succeeds, the total stays within the amount', async () => {
    const { order } = await paidOrder();
    const results = await Promise.allSettled([1, 2, 3].map((i) => refunds.refund(order.id, { reason: `Klikk ${i}` })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const after = await reload(order.id);
    expect(after).toMatchObject({ status: 'refunded', refundedOre: PRICE });
    expect(await ds.getRepository(Refund).sum('amountOre', { orderId: order.id })).toBe(PRICE);
  });

  it('orders that are not paid, and refunds without a reason, are refused', async () => {
    const { order } = await paidOrder();
    await ds.getRepository(Order).update({ id: order.id }, { status: 'pending' });
    expect((await rejection(refunds.refund(order.id, { reason: 'Nei' }))).status).toBe(400);
    const other = await paidOrder();
    expect(await rejection(refunds.refund(other.order.id, { reason: '   ' }))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect(await rejection(refunds.refund(other.order.id, { reason: 'x'.repeat(501) }))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect((await rejection(refunds.refund(999_999, { reason: 'Ukjent' }))).status).toBe(404);
    expect((await reload(other.order.id)).refundedOre).toBe(0);
  });

  it('a Stripe order without a Stripe client is refused before anything is written', async () => {
    const { order } = await paidOrder('stripe');
    expect(await rejection(refunds.refund(order.id, { reason: 'Stripe nede' }))).toEqual({
      status: 503,
      code: 'PAYMENT_UNAVAILABLE',
    });
    expect((await reload(order.id)).refundedOre).toBe(0);
  });

  it('Stripe’s reports count each refund once and never beyond the amount paid', async () => {
    const { order, userId } = await paidOrder('stripe');
    const report = (list: Array<{ id: string; amount: number }>, refunded: number) =>
      ds.transaction((m) =>
        ledger.recordStripeRefunds(
          m,
          order.id,
          list.map((r) => ({ ...r, status: 'succeeded' as const })),
          refunded,
        ),
      );
    const first = await report([{ id: 're_1', amount: 40000 }], 40000);
    expect(first?.created).toHaveLength(1);
    // The same refund again (a repeated event), plus a new one.
    const second = await report(
      [
        { id: 're_1', amount: 40000 },
        { id: 're_2', amount: 60000 },
      ],
      100000,
    );
    expect(second?.created.map((r) => r.stripeRefundId)).toEqual(['re_2']);
    expect((await reload(order.id)).refundedOre).toBe(100000);
    // The charge says more was refunded than any refund listed, even more than was paid: capped at the amount.
    const third = await report([], PRICE + 50000);
    expect(third).toMatchObject({ becameFull: true });
    expect(await reload(order.id)).toMatchObject({ status: 'refunded', refundedOre: PRICE });
    expect(await grants.owns(userId, 'foundation')).toBe(false);
    expect(await report([{ id: 're_1', amount: 40000 }], PRICE)).toMatchObject({ created: [], becameFull: false });
    expect((await reload(order.id)).refundedOre).toBe(PRICE);
  });
});
