import type { AdminVipFigures } from '@academy/contracts';
import { Subscription } from '../../backend/src/orders/entities/subscription.entity';
import { adminAgent, demoPurchase, totalOf } from './admin-helpers';
import { startTestApp, type TestApp } from './support/test-app';

const DAY = 86_400_000;

/**
 * The overview's VIP figures (issue 48; docs/decisions.md "VIP figures"): renewing members, monthly
 * recurring revenue, renewals due in 30 days with their amount, failed renewals in grace, churn over
 * 30 and 365 days, per method too; each figure's list (the order list's `vip` filter) has as many rows.
 */
describe('VIP figures on the overview', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminAgent>>['agent'];

  beforeAll(async () => {
    t = await startTestApp();
    admin = (await adminAgent(t)).agent;
  });
  afterAll(() => t.close());

  /** A subscription of a member (its first order a demo purchase), `ago` days old, with `over`. */
  async function sub(over: Partial<Subscription>, ago = 400): Promise<void> {
    const { orderId } = await demoPurchase(t);
    const now = Date.now();
    await t.ds.getRepository(Subscription).insert({
      userId: 1,
      productId: 'vip',
      method: 'card',
      status: 'active',
      orderId,
      providerCustomerId: null,
      providerSubscriptionId: null,
      priceOre: 600000,
      currentPeriodEnd: new Date(now + 200 * DAY),
      nextChargeId: null,
      cancelAtPeriodEnd: false,
      failedAttempts: 0,
      graceEndsAt: null,
      endedAt: null,
      createdAt: new Date(now - ago * DAY),
      updatedAt: new Date(now),
      ...over,
    });
  }

  it('counts each figure, per method, and each figure links to a list of as many orders', async () => {
    const now = Date.now();
    await sub({});
    await sub({ method: 'vipps', priceOre: 480000, currentPeriodEnd: new Date(now + 10 * DAY) });
    await sub({ currentPeriodEnd: new Date(now + 20 * DAY) });
    await sub({ status: 'past_due', failedAttempts: 1, graceEndsAt: new Date(now + 5 * DAY) });
    await sub({ cancelAtPeriodEnd: true });
    await sub({ status: 'ended', endedAt: new Date(now - 10 * DAY) });
    await sub({ method: 'vipps', status: 'ended', endedAt: new Date(now - 100 * DAY) });
    await sub({ status: 'pending' }, 1);

    const res = await admin.get('/api/admin/stats').expect(200);
    const vip = res.body.vip as AdminVipFigures;
    // Renewing: the three active ones and the one in grace (not the cancelled, ended or pending).
    expect(vip).toMatchObject({
      renewing: 4,
      mrrOre: Math.round((600000 * 3 + 480000) / 12),
      dueIn30Days: 2,
      dueIn30DaysOre: 600000 + 480000,
      inGrace: 1,
      ended30Days: 1,
      ended365Days: 2,
      // Running 30 days ago: 6 (not the pending, nor the one ended 100 days ago); 365 days ago: 7.
      churn30Percent: Math.round(1000 / 6) / 10,
      churn365Percent: Math.round(2000 / 7) / 10,
    });
    expect(vip.byMethod.vipps).toMatchObject({
      renewing: 1,
      mrrOre: 40000,
      dueIn30Days: 1,
      ended365Days: 1,
      churn365Percent: 50,
    });
    expect(vip.byMethod.card).toMatchObject({ renewing: 3, mrrOre: 150000, inGrace: 1, ended30Days: 1 });

    const list = async (filter: Record<string, string>) =>
      totalOf(await admin.get(`/api/admin/orders?filter=${encodeURIComponent(JSON.stringify(filter))}`).expect(200));
    expect(await list({ vip: 'renewing' })).toBe(vip.renewing);
    expect(await list({ vip: 'due30' })).toBe(vip.dueIn30Days);
    expect(await list({ vip: 'grace' })).toBe(vip.inGrace);
    expect(await list({ vip: 'ended30' })).toBe(vip.ended30Days);
    expect(await list({ vip: 'ended365' })).toBe(vip.ended365Days);
    expect(await list({ vip: 'renewing', vipMethod: 'vipps' })).toBe(vip.byMethod.vipps.renewing);
    await admin.get(`/api/admin/orders?filter=${encodeURIComponent(JSON.stringify({ vip: 'alle' }))}`).expect(400);
  });
});
