import { Inject, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { DataSource, EntityManager, In, IsNull } from 'typeorm';
import {
  CHECKOUT_REMINDER_GONE,
  CHECKOUT_REMINDER_TEXT,
  type AdminReminderFigures,
  type CheckoutReminderBasis,
  type CheckoutReminderRestore,
  type SubscriberStatus,
} from '@academy/contracts';
import { CATALOG_SEED } from '../../catalog/catalog.data';
import { OrderRecordsService } from '../../orders/order-records.service';
import { OutboxService } from '../../outbox/outbox.service';
import { UnsubscribeService } from '../../outbox/unsubscribe.service';
import { APP_CONFIG, AppConfig } from '../../platform/config';
import { normalizeEmail } from '../../platform/crypto/tokens';
import { notFound } from '../../platform/errors/app-error';
import { isUniqueViolation } from '../../platform/errors/db-errors';
import { OnEvent, type CheckoutStarted, type OrderPaid } from '../../platform/events';
import { ERASURE_ORDER, OwnsPersonalData, type DataSubject, type PersonalDataOwner } from '../../platform/personal-data';
import { Clock } from '../../platform/time/clock';
import { Subscriber } from '../entities/subscriber.entity';
import { CheckoutReminder, CheckoutReminderPlan, type ReminderStop } from './checkout-reminder.entity';
import { checkoutReminderMail } from './checkout-reminder-mail';
import { duePlans, reminderFigures } from './checkout-reminder-queries';

/** The orders a reminder may still bring back: the checkout not paid, not cancelled. */
const OPEN_ORDER = ['pending', 'expired'];
/** Addresses that left the list: never a reminder (markedsføringsloven § 15: the opt-out is honoured). */
const LEFT: readonly SubscriberStatus[] = ['unsubscribed', 'bounced', 'complained'];
const KEY = (planId: number, n: number) => `checkout-reminder:${planId}:${n}`;
/** lastError of a reminder queued but not sent because its checkout was paid or its address left. */
const NOT_SENT = 'Ikke sendt: bestillingen er betalt, avbrutt eller adressen er avmeldt';

/**
 * Second chances (docs/decisions.md "Checkout reminders"): a checkout with an address and no payment
 * gets reminder 1 an hour and reminder 2 a day after the buyer's last checkout, each only with a basis
 * under markedsføringsloven § 15 recorded with it: the ticked box, or an existing customer who has not
 * opted out. A purchase, an unsubscribe or a cancelled checkout stops them. Two instances that find the
 * same reminder due insert one `checkout_reminders` row (unique per plan and number); only the one whose
 * insert went in queues the mail (its outbox dedupe key is unique too).
 */
@OwnsPersonalData({
  name: 'checkout-reminders',
  sections: [],
  tables: ['checkout_reminder_plans', 'checkout_reminders'],
  eraseOrder: ERASURE_ORDER.marketing,
})
export class CheckoutRemindersService implements PersonalDataOwner {
  private readonly logger = new Logger('Marketing');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly clock: Clock,
    private readonly orders: OrderRecordsService,
    private readonly outbox: OutboxService,
    private readonly unsubscribe: UnsubscribeService,
  ) {}

  /** The checkout opened a pending order: its address's open plan for the product, reopened or made. */
  @OnEvent('checkout.started', { phase: 'in-transaction' })
  async started(e: CheckoutStarted, m: EntityManager): Promise<void> {
    const now = this.clock.now();
    const email = normalizeEmail(e.email);
    const repo = m.getRepository(CheckoutReminderPlan);
    const consent = e.remindMe ? { consentAt: now, consentText: CHECKOUT_REMINDER_TEXT } : { consentAt: null, consentText: null };
    const open = await repo.findOne({ where: { email, courseId: e.courseId, stoppedAt: IsNull() }, order: { id: 'DESC' } });
    if (open) {
      await repo.update({ id: open.id }, { orderId: e.orderId, lastCheckoutAt: now, ...consent });
      return;
    }
    await repo.insert({
      email,
      courseId: e.courseId,
      orderId: e.orderId,
      startedAt: now,
      lastCheckoutAt: now,
      stoppedAt: null,
      stopReason: null,
      recoveredOrderId: null,
      recoveredOre: null,
      ...consent,
    });
  }

  /** A purchase, in the payment's transaction: the address's plans for the product stop; recovered if reminded. */
  @OnEvent('order.paid', { phase: 'in-transaction' })
  async paid(e: OrderPaid, m: EntityManager): Promise<void> {
    const plans = await m.getRepository(CheckoutReminderPlan).find({
      where: [
        { email: normalizeEmail(e.email), courseId: e.courseId, stoppedAt: IsNull() },
        { orderId: e.orderId, stoppedAt: IsNull() },
      ],
    });
    if (plans.length === 0) return;
    const ids = plans.map((p) => p.id);
    const reminded = new Set(
      (await m.getRepository(CheckoutReminder).find({ select: { planId: true }, where: { planId: In(ids) } })).map(
        (r) => r.planId,
      ),
    );
    const now = this.clock.now();
    for (const plan of plans) {
      const recovered = reminded.has(plan.id) ? { recoveredOrderId: e.orderId, recoveredOre: e.amountOre } : {};
      await m
        .getRepository(CheckoutReminderPlan)
        .update({ id: plan.id, stoppedAt: IsNull() }, { stoppedAt: now, stopReason: 'paid', ...recovered });
    }
    await this.outbox.cancelPending(
      plans.flatMap((p) => [KEY(p.id, 1), KEY(p.id, 2)]),
      NOT_SENT,
      m,
    );
  }

  @OnEvent('mail.unsubscribed')
  unsubscribed(e: { email: string }): Promise<void> {
    return this.stopAddress(e.email, 'unsubscribed');
  }

  @OnEvent('mail.bounced')
  bounced(e: { email: string }): Promise<void> {
    return this.stopAddress(e.email, 'unsubscribed');
  }

  @OnEvent('mail.complained')
  complained(e: { email: string }): Promise<void> {
    return this.stopAddress(e.email, 'unsubscribed');
  }

  /** Every open plan of the address stops at once, and any reminder of them still queued is not sent. */
  private async stopAddress(address: string, reason: ReminderStop): Promise<void> {
    const email = normalizeEmail(address);
    const repo = this.ds.getRepository(CheckoutReminderPlan);
    const plans = await repo.find({ select: { id: true }, where: { email, stoppedAt: IsNull() } });
    if (plans.length === 0) return;
    await repo.update(
      { id: In(plans.map((p) => p.id)), stoppedAt: IsNull() },
      { stoppedAt: this.clock.now(), stopReason: reason },
    );
    await this.outbox.cancelPending(
      plans.flatMap((p) => [KEY(p.id, 1), KEY(p.id, 2)]),
      NOT_SENT,
    );
  }

  /** One round: every reminder due now. Returns how many were queued. */
  async runDue(): Promise<number> {
    let sent = 0;
    for (const n of [1, 2] as const) {
      for (const plan of await duePlans(this.ds.manager, this.clock.now(), n)) if (await this.send(plan, n)) sent++;
    }
    return sent;
  }

  /** Why the plan may get a reminder now, or null (the plan stopped when it never may again). */
  private async basisOf(plan: CheckoutReminderPlan): Promise<{ basis: CheckoutReminderBasis; detail: string } | null> {
    const sub = await this.ds.getRepository(Subscriber).findOneBy({ email: plan.email });
    if (sub && LEFT.includes(sub.status)) {
      await this.stop(plan, 'unsubscribed');
      return null;
    }
    if (plan.consentAt)
      return {
        basis: 'consent',
        detail: `Krysset av «${plan.consentText ?? CHECKOUT_REMINDER_TEXT}» ${plan.consentAt.toISOString()}`,
      };
    // The existing-customer exception: an earlier purchase by the address, and marketing not declined.
    if (sub && (sub.status === 'customer' || sub.status === 'subscribed')) {
      const bought = (await this.orders.buyers([plan.email], [])).filter((o) => o.id !== plan.orderId);
      if (bought.length) return { basis: 'customer', detail: `Eksisterende kunde (ordre ${bought[0].id}), ikke reservert` };
    }
    return null;
  }

  private async stop(plan: CheckoutReminderPlan, reason: ReminderStop): Promise<void> {
    await this.ds
      .getRepository(CheckoutReminderPlan)
      .update({ id: plan.id, stoppedAt: IsNull() }, { stoppedAt: this.clock.now(), stopReason: reason });
  }

  /** Reminder n of the plan: checked, recorded with its basis (once, whichever instance inserts) and queued. */
  private async send(plan: CheckoutReminderPlan, n: 1 | 2): Promise<boolean> {
    const order = await this.orders.findById(plan.orderId);
    if (!order || !OPEN_ORDER.includes(order.status)) {
      await this.stop(plan, order && order.status === 'failed' ? 'cancelled' : 'paid');
      return false;
    }
    const basis = await this.basisOf(plan);
    if (!basis) return false;
    const item = CATALOG_SEED.find((c) => c.id === plan.courseId);
    const mail = checkoutReminderMail(
      { siteName: this.cfg.siteName, contactEmail: this.cfg.contactEmail, publicUrl: this.cfg.publicUrl },
      {
        number: n,
        productName: item?.productName ?? plan.courseId,
        campaignCode: order.campaignCode,
        firstName: order.firstName,
        basis: basis.basis,
        checkoutUrl: this.checkoutUrl(plan),
        unsubscribeUrl: this.unsubscribe.url(plan.email),
      },
    );
    // Still open (a purchase or an unsubscribe since the plan was read stops it here).
    if (!(await this.ds.getRepository(CheckoutReminderPlan).exists({ where: { id: plan.id, stoppedAt: IsNull() } })))
      return false;
    // Single statements, no transaction held across them: two instances on one database (SQLite's one
    // writer included) each try the insert and exactly one gets it; only that one queues the mail.
    const reminders = this.ds.getRepository(CheckoutReminder);
    try {
      await reminders.insert({
        planId: plan.id,
        number: n,
        basis: basis.basis,
        basisDetail: basis.detail.slice(0, 300),
        sentAt: this.clock.now(),
      });
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
    try {
      await this.outbox.enqueue({ ...mail, kind: 'checkout_reminder', to: plan.email, dedupeKey: KEY(plan.id, n) });
    } catch (err) {
      // Not queued: not recorded either, so the next round tries again.
      await reminders.delete({ planId: plan.id, number: n });
      throw err;
    }
    return true;
  }

  private sign(planId: number): string {
    return createHmac('sha256', this.cfg.appSecret).update(`checkout-reminder:${planId}`).digest('base64url');
  }

  /** The reminder's link: the same checkout, filled in from the plan's latest order (GET /api/checkout-reminders/:token). */
  checkoutUrl(plan: Pick<CheckoutReminderPlan, 'id' | 'courseId'>): string {
    const q = new URLSearchParams({ course: plan.courseId, paminnelse: `${plan.id}.${this.sign(plan.id)}` });
    return `${this.cfg.publicUrl}/bestill?${q}`;
  }

  /** The checkout as the buyer left it, for the reminder's signed link; 404 for a link that is not genuine. */
  async restore(token: string): Promise<CheckoutReminderRestore> {
    const m = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
    const planId = m ? Number(m[1]) : 0;
    const given = Buffer.from(m ? m[2] : '');
    const expected = Buffer.from(this.sign(planId));
    if (!m || given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound(CHECKOUT_REMINDER_GONE);
    const plan = await this.ds.getRepository(CheckoutReminderPlan).findOneBy({ id: planId });
    const order = plan ? await this.orders.findById(plan.orderId) : null;
    if (!plan || !order) throw notFound(CHECKOUT_REMINDER_GONE);
    return {
      courseId: order.courseId,
      email: order.email,
      firstName: order.firstName,
      lastName: order.lastName,
      campaignCode: order.campaignCode,
      paymentMethod: order.paymentMethod,
    };
  }

  /** The overview's reminder figures of checkouts started from `start` to `end` (one indexed query). */
  figures(start: Date, end: Date): Promise<AdminReminderFigures> {
    return reminderFigures(this.ds.manager, start, end);
  }

  exportFor(): Promise<Record<string, never>> {
    return Promise.resolve({});
  }

  async eraseFor(owner: DataSubject, m: EntityManager): Promise<{ checkoutRemindersDeleted: number }> {
    const plans = await m.getRepository(CheckoutReminderPlan).find({ select: { id: true }, where: { email: owner.email } });
    if (plans.length === 0) return { checkoutRemindersDeleted: 0 };
    const ids = plans.map((p) => p.id);
    await m.getRepository(CheckoutReminder).delete({ planId: In(ids) });
    await m.getRepository(CheckoutReminderPlan).delete({ id: In(ids) });
    return { checkoutRemindersDeleted: ids.length };
  }
}
