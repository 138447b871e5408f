import { GUARANTEE_DAYS, ORDER_STATUSES, PAYMENT_METHODS, PLAYER_COURSE_IDS } from '@academy/contracts';
import { normalizeEmail } from '../platform/dto/email-address';
import { filter, parse, type ListSpec } from '../platform/list/list-query';
import { trafficSourceFilter } from '../platform/list/traffic-source-filter';
import type { Order } from './entities/order.entity';

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
    q: filter.search(['ord.email', 'ord.firstName', 'ord.lastName', 'ord.stripeSessionId', 'ord.stripePaymentIntentId']),
    status: filter.oneOf('ord.status', ORDER_STATUSES),
    courseId: filter.oneOf('ord.courseId', PLAYER_COURSE_IDS),
    provider: filter.oneOf('ord.provider', ['stripe', 'vipps', 'demo']),
    paymentMethod: filter.oneOf('ord.paymentMethod', PAYMENT_METHODS),
    userId: filter.ids('ord.userId'),
    email: filter.equals('ord.email', (raw, key) => normalizeEmail(parse.string(raw, key, 254))),
    trafficSource: trafficSourceFilter('ord.attribution.trafficSource'),
    createdFrom: filter.from('ord.createdAt'),
    createdTo: filter.to('ord.createdAt'),
    paidFrom: filter.from('ord.paidAt'),
    paidTo: filter.to('ord.paidAt'),
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
