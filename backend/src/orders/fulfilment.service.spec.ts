import { subscriptionsService } from './testing/subscriptions-service';
import { SystemClock } from '../platform/time/clock';
import { VippsPaymentsService } from './vipps/vipps-payments.service';
import { Logger } from '@nestjs/common';
import { MSG } from '@academy/contracts';
import { DataSource } from 'typeorm';
import { openMemoryDatabase } from '../platform/database/testing/memory-database';
// eslint-disable-next-line boundaries/dependencies -- the spec wires the owners' real services (its own composition root) with their repositories
import { Grant } from '../access/entities/grant.entity';
import { GrantsService } from '../access/grants.service';
import type { CatalogService } from '../catalog/catalog.service';
// eslint-disable-next-line boundaries/dependencies -- the spec wires the owners' real services (its own composition root) with their repositories
import { Session } from '../identity/entities/session.entity';
// eslint-disable-next-line boundaries/dependencies -- the spec wires the owners' real services (its own composition root) with their repositories
import { User } from '../identity/entities/user.entity';
import { SessionsService } from '../identity/sessions.service';
import { UserReader } from '../identity/user-reader.service';
import { UserWriter } from '../identity/user-writer.service';
import { parseEnv } from '../platform/config/env.schema';
import { attributionColumns } from '../platform/dto/attribution.dto';
import { Order } from './entities/order.entity';
import { receiptsService } from './testing/receipts-service';
import { saveOrder } from './testing/order-row';
import { pricingServices } from './testing/pricing-services';
import { FulfilmentService } from './fulfilment.service';
import { refundsService } from './testing/refunds-service';
import { CrashPoints, EventBus, type OrderPaid } from '../platform/events';

const client = { token: null, clientAddress: '203.0.113.9', userAgent: 'Spec' };

describe('FulfilmentService (the one fulfilment of a paid order)', () => {
  let ds: DataSource;
  let fulfilment: FulfilmentService;
  let users: UserWriter;
  let grants: GrantsService;
  let sessions: SessionsService;
  let invalidations = 0;
  const paid: OrderPaid[] = [];
  let seq = 0;

  beforeAll(async () => {
    // The services log each payment and refund; a spec run needs none of it.
    Logger.overrideLogger(false);
    ds = await openMemoryDatabase();
    users = new UserWriter(ds.getRepository(User), new UserReader(ds.getRepository(User)));
    grants = new GrantsService(ds.getRepository(Grant));
    sessions = new SessionsService(ds.getRepository(Session), ds.getRepository(User), parseEnv({ NODE_ENV: 'test' }));
    const catalog = { invalidate: () => void invalidations++ } as unknown as CatalogService;
    const events = new EventBus();
    events.add('order.paid', 'spec', 'after-commit', (e) => void paid.push(e));
    const { seats, codes, pricing } = pricingServices(ds, parseEnv({ NODE_ENV: 'test' }));
    const receipts = receiptsService(ds);
    const vipps = new VippsPaymentsService(parseEnv({ NODE_ENV: 'test' }), null, ds, new SystemClock());
    const { refunds } = refundsService(ds, { grants, catalog, events, receipts, seats, vipps });
    fulfilment = new FulfilmentService(
      ds,
      users,
      grants,
      catalog,
      events,
      new CrashPoints(),
      sessions,
      seats,
      codes,
      receipts,
      refunds,
      vipps,
      pricing,
      subscriptionsService(ds, null),
    );
  });
  afterAll(() => ds.destroy());
  beforeEach(() => {
    paid.length = 0;
    invalidations = 0;
  });

  const order = (patch: Partial<Order> = {}): Promise<Order> =>
    saveOrder(ds, { attribution: attributionColumns({ utmSource: 'nyhetsbrev' }), ...patch });

  const reload = (id: number) => ds.getRepository(Order).findOneByOrFail({ id });
  const grantsOf = (orderId: number) => ds.getRepository(Grant).countBy({ orderId });

  it('a paid order gets a passwordless account, the course and one paid event', async () => {
    const o = await order();
    const res = await fulfilment.fulfil(o, 'pi_1');
    expect(res).toMatchObject({ becamePaid: true, accountNew: true });
    expect(res.user).toMatchObject({ email: o.email, passwordHash: null, firstName: 'Kari' });
    expect(res.user.attribution.utmSource).toBe('nyhetsbrev');
    const after = await reload(o.id);
    expect(after).toMatchObject({ status: 'paid', userId: res.user.id, stripePaymentIntentId: 'pi_1' });
    expect(after.paidAt).toBeInstanceOf(Date);
    expect(await grants.owns(res.user.id, 'foundation')).toBe(true);
    expect(paid).toEqual([expect.objectContaining({ orderId: o.id, userId: res.user.id, amountOre: 199700, created: true })]);
    expect(invalidations).toBe(1);
  });

  it("a transaction picked as a deadlock's victim is run again (the poll racing the webhooks): paid, granted and told once", async () => {
    const o = await order();
    const deadlock = Object.assign(new Error('Deadlock found when trying to get lock'), {
      code: 'ER_LOCK_DEADLOCK',
      errno: 1213,
    });
    const spy = jest.spyOn(ds, 'transaction').mockImplementationOnce(() => Promise.reject(deadlock));
    try {
      const res = await fulfilment.fulfil(o, null);
      expect(res.becamePaid).toBe(true);
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
    expect(await reload(o.id)).toMatchObject({ status: 'paid' });
    expect(await grantsOf(o.id)).toBe(1);
    expect(paid.filter((e) => e.orderId === o.id)).toHaveLength(1);
    // Anything else is not retried.
    const other = await order();
    const boom = jest.spyOn(ds, 'transaction').mockImplementationOnce(() => Promise.reject(new Error('annet')));
    try {
      await expect(fulfilment.fulfil(other, null)).rejects.toThrow('annet');
      expect(boom).toHaveBeenCalledTimes(1);
    } finally {
      boom.mockRestore();
    }
  });

  it('a demo upgrade is paid while its credit stands, and refused before anything is paid once its Foundation is refunded', async () => {
    const foundation = await order({ provider: 'demo', providerReference: null });
    const { user } = await fulfilment.fulfil(foundation, null);
    const upgrade = (patch: Partial<Order> = {}) =>
      order({
        provider: 'demo',
        providerReference: null,
        email: foundation.email,
        userId: user.id,
        courseId: 'accelerator',
        amountOre: 300000,
        upgradeCreditOre: 199700,
        upgradeFromOrderId: foundation.id,
        ...patch,
      });
    // Foundation refunded in part: 1 897 kr left no longer covers a credit of 1 997 kr.
    await ds.getRepository(Order).update({ id: foundation.id }, { refundedOre: 10000, status: 'partially_refunded' });
    const refused = await upgrade();
    await expect(fulfilment.fulfil(refused, null)).rejects.toMatchObject({
      status: 409,
      response: expect.objectContaining({ code: 'CONFLICT', message: MSG.upgradeCreditGone }),
    });
    expect(await reload(refused.id)).toMatchObject({ status: 'pending', paidAt: null, refusal: null });
    expect(await grantsOf(refused.id)).toBe(0);
    // Priced with what is left, it is paid.
    const ok = await upgrade({ upgradeCreditOre: 189700, amountOre: 310000 });
    expect((await fulfilment.fulfil(ok, null)).becamePaid).toBe(true);
    expect(await reload(ok.id)).toMatchObject({ status: 'paid', refusal: null });
    expect(await grantsOf(ok.id)).toBe(1);
    paid.length = 0;
    invalidations = 0;
  });

  it('is idempotent: a second fulfilment changes nothing and tells nobody', async () => {
    const o = await order();
    await fulfilment.fulfil(o, 'pi_2');
    const again = await fulfilment.fulfil(o, 'pi_2');
    expect(again.becamePaid).toBe(false);
    expect(await grantsOf(o.id)).toBe(1);
    expect(paid).toHaveLength(1);
    expect(invalidations).toBe(1);
  });

  it('concurrent fulfilments of one order: one becomes paid, one grant, one event', async () => {
    const o = await order();
    const results = await Promise.all([1, 2, 3, 4].map(() => fulfilment.fulfil(o, 'pi_3')));
    expect(results.filter((r) => r.becamePaid)).toHaveLength(1);
    expect(new Set(results.map((r) => r.user.id)).size).toBe(1);
    expect(await grantsOf(o.id)).toBe(1);
    expect(await ds.getRepository(User).countBy({ email: o.email })).toBe(1);
    expect(paid).toHaveLength(1);
  });

  it('a failed or expired checkout that Stripe later confirms becomes paid', async () => {
    for (const status of ['failed', 'expired'] as const) {
      const o = await order({ status });
      expect((await fulfilment.fulfil(o, null)).becamePaid).toBe(true);
      expect((await reload(o.id)).status).toBe('paid');
    }
  });

  it('a refunded order is never paid or granted again', async () => {
    const o = await order({ status: 'refunded', refundedOre: 199700 });
    const res = await fulfilment.fulfil(o, 'pi_4');
    expect(res.becamePaid).toBe(false);
    expect((await reload(o.id)).status).toBe('refunded');
    expect(await grantsOf(o.id)).toBe(0);
    expect(paid).toHaveLength(0);
  });

  it('rolled back with the webhook’s transaction, nothing of it remains', async () => {
    const o = await order();
    const user = await fulfilment.buyerFor(o);
    await expect(
      ds.transaction(async (m) => {
        await fulfilment.applyPaid(m, o.id, user, 'pi_5');
        throw new Error('rull tilbake');
      }),
    ).rejects.toThrow('rull tilbake');
    expect((await reload(o.id)).status).toBe('pending');
    expect(await grantsOf(o.id)).toBe(0);
  });

  it('an existing account nobody has claimed loses its sessions; a claimed one keeps them', async () => {
    const { user: unclaimed } = await users.findOrCreatePasswordless({ email: `gammel-${++seq}@example.no` });
    const { user: claimed } = await users.findOrCreatePasswordless({ email: `eier-${++seq}@example.no` });
    await users.markClaimed(claimed.id);
    const a = await sessions.start(unclaimed, client);
    const b = await sessions.start(claimed, client);
    await new Promise((r) => setTimeout(r, 5));

    const first = await fulfilment.fulfil(await order({ email: unclaimed.email }), null);
    const second = await fulfilment.fulfil(await order({ email: claimed.email }), null);
    expect(first.accountNew).toBe(false);
    expect(second.accountNew).toBe(false);
    expect(await sessions.resolve(a.token)).toBeNull();
    expect(await sessions.resolve(b.token)).not.toBeNull();
    expect(paid.map((e) => e.created)).toEqual([false, false]);
  });
});
