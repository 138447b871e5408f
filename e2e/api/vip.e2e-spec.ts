import type TestAgent from 'supertest/lib/agent';
import { IsNull } from 'typeorm';
import { Grant } from '../../backend/src/access/entities/grant.entity';
import { MembershipRound } from '../../backend/src/membership/membership-round';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { Receipt } from '../../backend/src/orders/entities/receipt.entity';
import { RefundsService } from '../../backend/src/orders/refunds/refunds.service';
import { OutboxBody } from '../../backend/src/outbox/entities/outbox-body.entity';
import { OutboxMessage } from '../../backend/src/outbox/entities/outbox-message.entity';
import { AuditLog } from '../../backend/src/platform/audit/entities/audit-log.entity';
import { EventBus, type EventMap } from '../../backend/src/platform/events';
import { addCalendarMonths as addMonths } from '../../backend/src/platform/time/calendar-period';
import { ManualClock } from '../../backend/src/platform/time/clock';
import { adminAgent } from './admin-helpers';
import { deliverWebhook, fakeStripeEnv, startFakeStripe, stripeEvent, type FakeStripe } from './support/fake-stripe';
import { loginAs, startTestApp, uniqueEmail, type TestApp } from './support/test-app';

const DAY = 86_400_000;
const MINUTE = 60_000;
const INCLUDED = ['kryptovaluta', 'microkurs', 'temakurs'];
const VIP_COMMUNITY = 'https://discord.gg/vip-medlemmer';

/** `YYYY-MM-DDTHH:mm` in Oslo time, as the panel sends a live session's start. */
function osloLocal(d: Date): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Oslo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(d)
    .replace(' ', 'T');
}

/**
 * VIP (docs/decisions.md "Memberships"): 5 000 kr for 12 months of membership with Kryptovaluta,
 * Microkurs and Temakurs included, the weekly VIP live sessions and the VIP community; the period on
 * the dashboard; a renewal extends from the end; a reminder 14 days before the end, once; when the
 * period ends VIP and its inclusions end (courses bought on their own stay); a refund ends it too.
 * Time is the injected clock's.
 */
describe('VIP membership (fake Stripe server, injected clock)', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let clock: ManualClock;
  let round: MembershipRound;
  let admin: TestAgent;
  const START = new Date(Math.floor(Date.now() / MINUTE) * MINUTE);
  const revoked: Array<EventMap['access.revoked']> = [];

  beforeAll(async () => {
    clock = new ManualClock(START);
    fake = await startFakeStripe();
    t = await startTestApp(
      { ...fakeStripeEnv(fake), MAIL_POLL_INTERVAL_MS: '0', MEMBERSHIP_INTERVAL_MS: '0', VIP_COMMUNITY_URL: VIP_COMMUNITY },
      { clock },
    );
    round = t.app.get(MembershipRound);
    admin = (await adminAgent(t)).agent;
    t.app.get(EventBus).add('access.revoked', 'vip-spec', 'in-transaction', (e) => void revoked.push(e));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.reset();
    clock.set(START);
  });

  const grants = () => t.ds.getRepository(Grant);
  const buyer = (over: Record<string, unknown> = {}) => ({
    courseId: 'vip',
    email: uniqueEmail('vip'),
    firstName: 'Kari',
    lastName: 'Nordmann',
    paymentMethod: 'card',
    acceptTerms: true,
    acceptRisk: true,
    ...over,
  });

  /** A checkout paid through the Stripe webhook; the order as stored. */
  async function buyAndPay(agent: TestAgent, over: Record<string, unknown> = {}): Promise<Order> {
    await agent.post('/api/checkout/sessions').send(buyer(over)).expect(201);
    const session = fake.pay(fake.lastSession().id);
    await deliverWebhook(t.http(), stripeEvent('checkout.session.completed', session)).expect(200);
    return t.ds.getRepository(Order).findOneByOrFail({ providerReference: session.id });
  }

  const activeCourses = async (userId: number) =>
    (await grants().find({ where: { userId, revokedAt: IsNull() } })).map((g) => g.courseId).sort();

  it('is sold at 5 000 kr (Klarna offered): 12 months from the purchase, Kryptovaluta, Microkurs and Temakurs included, the period, the VIP live sessions and the community on the dashboard', async () => {
    const catalog = await t.http().get('/api/catalog').expect(200);
    expect((catalog.body.items as Array<{ id: string }>).find((i) => i.id === 'vip')).toMatchObject({
      soldByCheckout: true,
      priceOre: 500000,
      beforePriceOre: 750000,
    });
    const { agent, user } = await loginAs(t);
    expect((await agent.get('/api/checkout/quote?courseId=vip').expect(200)).body).toMatchObject({ amountOre: 500000 });
    await agent.get('/api/courses/temakurs').expect(403);

    // "Delbetaling med Klarna": VIP is above 1 500 kr.
    const order = await buyAndPay(agent, { paymentMethod: 'klarna' });
    expect(fake.callsTo('sessions.create').at(-1)!.body).toMatchObject({
      allowed_payment_method_types: ['klarna'],
      line_items: [{ price_data: { unit_amount: '500000', product_data: { name: 'VIP' } } }],
    });
    expect(order).toMatchObject({ status: 'paid', courseId: 'vip', amountOre: 500000, userId: user.id, refusal: null });

    const vip = await grants().findOneByOrFail({ orderId: order.id });
    const end = addMonths(START, 12);
    expect(vip).toMatchObject({ courseId: 'vip', source: 'purchase', revokedAt: null });
    expect(vip.accessEndsAt!.toISOString()).toBe(end.toISOString());
    const included = await grants().find({ where: { includedByGrantId: vip.id }, order: { courseId: 'ASC' } });
    expect(included.map((g) => [g.courseId, g.source, g.revokedAt])).toEqual(INCLUDED.map((c) => [c, 'included', null]));

    const me = await agent.get('/api/auth/me').expect(200);
    expect(me.body.courses).toEqual(expect.arrayContaining(INCLUDED));
    expect(me.body.includedBy).toMatchObject({ kryptovaluta: 'vip', microkurs: 'vip', temakurs: 'vip' });
    await agent.get('/api/courses/temakurs').expect(200);

    expect((await agent.get('/api/membership').expect(200)).body).toEqual({
      memberships: [
        {
          productId: 'vip',
          title: 'VIP',
          startsAt: START.toISOString(),
          endsAt: end.toISOString(),
          daysLeft: Math.ceil((end.getTime() - START.getTime()) / DAY),
          active: true,
          renewPath: '/bestill?course=vip',
          communityUrl: VIP_COMMUNITY,
          // Bought as one period: it does not renew by itself (e2e/api/vip-renewal.e2e-spec.ts for one that does).
          renews: false,
          renewsAt: null,
          renewalMethod: null,
          renewalPriceOre: null,
          subscription: null,
          receipts: [
            {
              orderId: order.id,
              number: expect.any(Number),
              issuedAt: START.toISOString(),
              totalOre: 500000,
              pdfPath: `/api/orders/${order.id}/receipt.pdf`,
            },
          ],
        },
      ],
    });
    const receipt = await t.ds.getRepository(Receipt).findOneByOrFail({ orderId: order.id, kind: 'receipt' });
    expect(receipt.description).toBe(`Medlemskap «VIP», 12 måneder, ordre ${order.id}`);

    // The weekly VIP session: the member sees it; a Foundation student and an anonymous caller do not.
    const session = await admin
      .post('/api/admin/live-sessions')
      .send({
        courseIds: ['vip'],
        title: 'VIP live',
        durationMinutes: 60,
        joinUrl: 'https://zoom.us/j/123456789',
        startsAt: osloLocal(new Date(START.getTime() + 2 * DAY)),
        recurrence: { frequency: 'weekly', count: 4 },
      })
      .expect(201);
    const sessionId = (Array.isArray(session.body) ? session.body[0].id : session.body.id) as number;
    const upcoming = (await agent.get('/api/live-sessions').expect(200)).body.upcoming as Array<{
      id: number;
      courseIds: string[];
    }>;
    expect(upcoming.some((s) => s.id === sessionId && s.courseIds.includes('vip'))).toBe(true);
    const other = await loginAs(t, { courses: ['foundation'] });
    expect((await other.agent.get('/api/live-sessions').expect(200)).body.upcoming).not.toContainEqual(
      expect.objectContaining({ id: sessionId }),
    );
    await other.agent.get(`/api/live-sessions/${sessionId}.ics`).expect(403);
    expect((await other.agent.get('/api/membership').expect(200)).body).toEqual({ memberships: [] });
    await t.http().get('/api/membership').expect(401);
  });

  it('a renewal while the period runs adds 12 months to its end, not to today; neither the signed-in member nor a signed-out checkout with the address is refused as "already owned"', async () => {
    const { agent, user } = await loginAs(t);
    const first = await buyAndPay(agent);
    const end1 = (await grants().findOneByOrFail({ orderId: first.id })).accessEndsAt!;

    clock.set(new Date(START.getTime() + 300 * DAY));
    expect((await agent.get('/api/checkout/quote?courseId=vip').expect(200)).body).toMatchObject({ amountOre: 500000 });
    const second = await buyAndPay(agent);
    expect(second).toMatchObject({ status: 'paid', refusal: null, refundedOre: 0 });
    const end2 = (await grants().findOneByOrFail({ orderId: second.id })).accessEndsAt!;
    expect(end2.toISOString()).toBe(addMonths(end1, 12).toISOString());
    expect(fake.callsTo('refunds.create')).toHaveLength(0);

    // Paying with the member's address while signed out renews as well (nothing about ownership is told).
    const third = await buyAndPay(t.http(), { email: user.email });
    expect(third).toMatchObject({ status: 'paid', refusal: null, userId: user.id });
    const end3 = (await grants().findOneByOrFail({ orderId: third.id })).accessEndsAt!;
    expect(end3.toISOString()).toBe(addMonths(end2, 12).toISOString());
    expect(fake.callsTo('refunds.create')).toHaveLength(0);

    const view = (await agent.get('/api/membership').expect(200)).body.memberships[0];
    expect(view).toMatchObject({ startsAt: START.toISOString(), endsAt: end3.toISOString(), active: true });

    // The first period ends: the later periods keep the membership and its courses open.
    clock.set(new Date(end1.getTime() + MINUTE));
    revoked.length = 0;
    expect((await round.runDue()).ended).toBeGreaterThanOrEqual(1);
    expect(await grants().findOneByOrFail({ orderId: first.id })).toMatchObject({ revokedAt: expect.any(Date) });
    for (const later of [second, third])
      expect(await grants().findOneByOrFail({ orderId: later.id })).toMatchObject({ revokedAt: null });
    expect(await activeCourses(user.id)).toEqual(expect.arrayContaining(['vip', ...INCLUDED]));
    expect(revoked.filter((e) => e.userId === user.id)).toEqual([]);
    await agent.get('/api/courses/temakurs').expect(200);
  });

  it('the reminder goes out 14 days before the end, exactly once, with the renewal link; a renewal gets its own for the new end', async () => {
    const { agent, user } = await loginAs(t);
    const order = await buyAndPay(agent);
    const end = (await grants().findOneByOrFail({ orderId: order.id })).accessEndsAt!;
    const mails = () => t.ds.getRepository(OutboxMessage).find({ where: { userId: user.id, kind: 'membership_ending' } });

    await round.runDue();
    clock.set(new Date(end.getTime() - 14 * DAY - MINUTE));
    await round.runDue();
    expect(await mails()).toHaveLength(0);

    clock.set(new Date(end.getTime() - 14 * DAY + MINUTE));
    await Promise.all([round.runDue(), round.runDue()]);
    await round.runDue();
    clock.advance(3 * DAY);
    await round.runDue();
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ toAddress: user.email });
    expect(sent[0].subject).toMatch(/^VIP-medlemskapet ditt slutter /);
    const body = await t.ds.getRepository(OutboxBody).findOneByOrFail({ messageId: sent[0].id });
    expect(body.textBody).toContain('14 dager');
    expect(body.textBody).toContain(`${t.cfg.publicUrl}/bestill?course=vip&email=${encodeURIComponent(user.email)}`);
    expect(body.html).toContain(`/bestill?course=vip&amp;email=`);

    // Renewed from the reminder: the new end gets its own reminder 14 days before it, once.
    const renewal = await buyAndPay(agent);
    const newEnd = (await grants().findOneByOrFail({ orderId: renewal.id })).accessEndsAt!;
    expect(newEnd.toISOString()).toBe(addMonths(end, 12).toISOString());
    await round.runDue();
    expect(await mails()).toHaveLength(1);
    clock.set(new Date(newEnd.getTime() - 13 * DAY));
    await round.runDue();
    await round.runDue();
    expect(await mails()).toHaveLength(2);
  });

  it('when the period ends, VIP and its inclusions end (told as access.revoked, audited); a Microkurs bought on its own stays; nothing renews by itself', async () => {
    const { agent, user } = await loginAs(t);
    const micro = await buyAndPay(agent, { courseId: 'microkurs' });
    expect(micro).toMatchObject({ status: 'paid', amountOre: 49900 });
    const order = await buyAndPay(agent);
    const vip = await grants().findOneByOrFail({ orderId: order.id });
    const end = vip.accessEndsAt!;

    clock.set(new Date(end.getTime() - MINUTE));
    expect((await round.runDue()).ended).toBe(0);
    expect(await activeCourses(user.id)).toEqual(['kryptovaluta', 'microkurs', 'microkurs', 'temakurs', 'vip']);

    clock.set(new Date(end.getTime() + MINUTE));
    // Before the round: the dashboard already says the period is over.
    expect((await agent.get('/api/membership').expect(200)).body.memberships[0]).toMatchObject({
      active: false,
      daysLeft: 0,
      communityUrl: null,
    });
    revoked.length = 0;
    const [a, b] = await Promise.all([round.runDue(), round.runDue()]);
    expect(a.ended).toBeGreaterThanOrEqual(1);
    expect(b).toEqual(a);
    expect((await round.runDue()).ended).toBe(0);

    expect(await activeCourses(user.id)).toEqual(['microkurs']);
    expect(await grants().findOneByOrFail({ id: vip.id })).toMatchObject({ revokedBy: null, revokedAt: expect.any(Date) });
    expect(revoked.filter((e) => e.userId === user.id)).toEqual([
      { userId: user.id, courseIds: expect.arrayContaining(['vip', 'kryptovaluta', 'temakurs']), revokedBy: null },
    ]);
    expect(revoked.find((e) => e.userId === user.id)!.courseIds).not.toContain('microkurs');
    const audit = await t.ds
      .getRepository(AuditLog)
      .findOneByOrFail({ action: 'grant.membership.end', entityId: String(vip.id) });
    expect(audit.after).toMatchObject({ included: expect.arrayContaining(INCLUDED) });

    await agent.get('/api/courses/temakurs').expect(403);
    await agent.get('/api/courses/kryptovaluta').expect(403);
    await agent.get('/api/courses/microkurs').expect(200);
    expect((await agent.get('/api/membership').expect(200)).body).toEqual({ memberships: [] });
    // No automatic renewal: no new order, no payment asked for.
    expect(await t.ds.getRepository(Order).countBy({ userId: user.id })).toBe(2);
    expect(fake.callsTo('sessions.create')).toHaveLength(2);
  });

  it('a full refund of the VIP order ends its access and the included courses at once', async () => {
    const { agent, user } = await loginAs(t);
    const order = await buyAndPay(agent);
    revoked.length = 0;
    const { order: after } = await t.app.get(RefundsService).refund(order.id, { reason: 'Angret kjøpet' });
    expect(after).toMatchObject({ status: 'refunded', refundedOre: 500000 });
    expect(await activeCourses(user.id)).toEqual([]);
    expect(revoked.filter((e) => e.userId === user.id)).toEqual([
      expect.objectContaining({ courseIds: expect.arrayContaining(['vip', ...INCLUDED]) }),
    ]);
    await agent.get('/api/courses/microkurs').expect(403);
    expect((await agent.get('/api/membership').expect(200)).body).toEqual({ memberships: [] });
  });
});
