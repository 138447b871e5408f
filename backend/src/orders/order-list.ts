import {
  CATALOG_IDS,
  GUARANTEE_DAYS,
  ORDER_REFUSAL_FILTERS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  REMINDER_LIST_FILTERS,
  VIP_LIST_FILTERS,
  type OrderRefusalFilter,
  type ReminderListFilter,
  type VipListFilter,
} from '@academy/contracts';
import { normalizeEmail } from '../platform/dto/email-address';
import { containsSql, filter, likeContains, parse, type FilterDef, type ListSpec } from '../platform/list/list-query';
import { trafficSourceFilter } from '../platform/list/traffic-source-filter';
import type { Order } from './entities/order.entity';
import { VIP_CONDITIONS, vipParams } from './subscriptions/vip-figures.service';

/**
 * The overview's checkout reminder figures' lists (docs/decisions.md "Checkout reminders"): the latest
 * order of each checkout started, reminded, or recovered (the paid order). The plans are marketing's
 * table, read here only to pick the orders; the overview adds the period as createdFrom/createdTo.
 */
const REMINDER_ORDERS: Record<ReminderListFilter, string> = {
  started: 'SELECT p.orderId FROM checkout_reminder_plans p',
  reminded:
    'SELECT p.orderId FROM checkout_reminder_plans p WHERE EXISTS (SELECT 1 FROM checkout_reminders r WHERE r.planId = p.id)',
  recovered: 'SELECT p.recoveredOrderId FROM checkout_reminder_plans p WHERE p.recoveredOrderId IS NOT NULL',
};

/** What the order search looked for: a number (an order's or a receipt's), or words. */
export type OrderSearch =
  { kind: 'number'; number: number; as: 'order' | 'receipt' | 'either' } | { kind: 'text'; text: string; words: string[] };

/** Most words of a search that each must match. */
const MAX_SEARCH_WORDS = 6;

/**
 * Reads the order search as the mentor types it: "4", "ordre 4", "nr. 4", "#4" (the order number
 * the receipt names), "kvittering 12" (a receipt's or credit note's number); a bare number is
 * either. Anything else is words, each of which must be in the buyer's e-mail, first or last
 * name or the campaign code ("Ola Nordmann", "ola@", "SOMMER"); a provider's reference
 * (Stripe session or payment id, Vipps reference) is matched whole, never by a digit inside it.
 */
export function parseOrderSearch(q: string): OrderSearch | null {
  const s = q.trim().replace(/\s+/g, ' ');
  if (s === '') return null;
  const m = /^(ordre|order|ordrenr\.?|nr\.?|#|kvittering|kvitteringsnr\.?|kreditnota)?\s*(?:nr\.?\s*)?#?(\d{1,9})$/i.exec(s);
  if (m) {
    const word = (m[1] ?? '').toLowerCase();
    const as = !word ? 'either' : word.startsWith('kvittering') || word === 'kreditnota' ? 'receipt' : 'order';
    return { kind: 'number', number: Number(m[2]), as };
  }
  return { kind: 'text', text: s.toLowerCase(), words: s.toLowerCase().split(' ').slice(0, MAX_SEARCH_WORDS) };
}

/** The order list's `q`: see {@link parseOrderSearch}. Receipts (`receipts`) are this module's table. */
export function orderSearchFilter(): FilterDef<Order> {
  return {
    parse: (raw, key) => parseOrderSearch(parse.string(raw, key, 200)),
    apply: (qb, v: OrderSearch | null, p) => {
      if (!v) return;
      if (v.kind === 'number') {
        const byOrder = `ord.id = :${p}n`;
        const byReceipt = `ord.id IN (SELECT rcpt.orderId FROM receipts rcpt WHERE rcpt.number = :${p}n)`;
        const sql = v.as === 'order' ? byOrder : v.as === 'receipt' ? byReceipt : `(${byOrder} OR ${byReceipt})`;
        qb.andWhere(sql, { [`${p}n`]: v.number });
        return;
      }
      const params: Record<string, unknown> = { [`${p}x`]: v.text };
      const words = v.words.map((w, i) => {
        params[`${p}w${i}`] = likeContains(w);
        return containsSql(['ord.email', 'ord.firstName', 'ord.lastName', 'ord.campaignCode'], `${p}w${i}`);
      });
      const whole = ['ord.providerReference', 'ord.stripePaymentIntentId'].map((c) => `LOWER(${c}) = :${p}x`);
      qb.andWhere(`((${words.join(' AND ')}) OR ${whole.join(' OR ')})`, params);
    },
  };
}

/** The admin panel's order list (alias `ord`): the fields it may sort and filter on. */
export const ORDERS_LIST: ListSpec<Order> = {
  sort: {
    id: 'ord.id',
    createdAt: 'ord.createdAt',
    paidAt: 'ord.paidAt',
    amountOre: 'ord.amountOre',
    refundedOre: 'ord.refundedOre',
    status: 'ord.status',
    email: 'ord.email',
    courseId: 'ord.courseId',
    provider: 'ord.provider',
  },
  defaultSort: ['createdAt', 'DESC'],
  filters: {
    id: filter.ids('ord.id'),
    q: orderSearchFilter(),
    status: filter.oneOf('ord.status', ORDER_STATUSES),
    // Every product of the catalogue, VIP included.
    courseId: filter.oneOf('ord.courseId', CATALOG_IDS),
    provider: filter.oneOf('ord.provider', ['stripe', 'vipps', 'demo']),
    paymentMethod: filter.oneOf('ord.paymentMethod', PAYMENT_METHODS),
    userId: filter.ids('ord.userId'),
    email: filter.equals('ord.email', (raw, key) => normalizeEmail(parse.string(raw, key, 254))),
    trafficSource: trafficSourceFilter('ord.attribution.trafficSource'),
    createdFrom: filter.from('ord.createdAt'),
    createdTo: filter.to('ord.createdAt'),
    paidFrom: filter.from('ord.paidAt'),
    paidTo: filter.to('ord.paidAt'),
    /**
     * Payments refused when they landed: `awaiting_refund` those whose refund has not gone through
     * (still `paid`: the work queue's count), `refused` all of them.
     */
    refusal: {
      parse: parse.oneOf(ORDER_REFUSAL_FILTERS),
      apply: (qb, v: OrderRefusalFilter, p) => {
        qb.andWhere('ord.refusal IS NOT NULL');
        if (v === 'awaiting_refund') qb.andWhere(`ord.status = :${p}`, { [p]: 'paid' });
      },
    },
    /** The first orders of the subscriptions behind an overview VIP figure (`vip`), optionally of one method (`vipMethod`). */
    vip: {
      parse: parse.oneOf(VIP_LIST_FILTERS),
      apply: (qb, v: VipListFilter) => {
        qb.andWhere(`ord.id IN (SELECT s.orderId FROM subscriptions s WHERE ${VIP_CONDITIONS[v]})`, vipParams(new Date()));
      },
    },
    vipMethod: {
      parse: parse.oneOf(['card', 'vipps'] as const),
      apply: (qb, v: string, p) => {
        qb.andWhere(`ord.id IN (SELECT s.orderId FROM subscriptions s WHERE s.method = :${p})`, { [p]: v });
      },
    },
    /** The orders behind an overview reminder figure. */
    reminder: {
      parse: parse.oneOf(REMINDER_LIST_FILTERS),
      apply: (qb, v: ReminderListFilter) => {
        qb.andWhere(`ord.id IN (${REMINDER_ORDERS[v]})`);
      },
    },
    /** Paid, not fully refunded, and paid less than 30 days ago. */
    withinGuarantee: {
      parse: parse.bool,
      apply: (qb, v: boolean, p) => {
        const cond = `(ord.status IN (:...${p}s) AND ord.paidAt IS NOT NULL AND ord.paidAt > :${p}d)`;
        qb.andWhere(v ? cond : `NOT ${cond}`, {
          [`${p}s`]: ['paid', 'partially_refunded'],
          [`${p}d`]: new Date(Date.now() - GUARANTEE_DAYS * 86_400_000),
        });
      },
    },
  },
};
