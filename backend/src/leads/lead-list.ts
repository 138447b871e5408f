import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { LEAD_COURSE_TYPES } from '@academy/contracts';
import { filter, parse, type ListSpec } from '../platform/list/list-query';
import { trafficSourceFilter } from '../platform/list/traffic-source-filter';
import type { Lead } from './entities/lead.entity';

/**
 * The lead list's conditions on other modules' tables. Leads sit low in the module graph, so the
 * caller brings them from their owners; this list hands them its own columns.
 */
export interface LeadListConditions {
  /** SQL that holds when an account has the address in `emailColumn` ("har konto"). */
  accountExists(qb: SelectQueryBuilder<Lead>, emailColumn: string): string;
  /** SQL that holds when the address or the user id has a paid order ("har kjøpt"). */
  bought(qb: SelectQueryBuilder<Lead>, emailColumn: string, userIdColumn: string): string;
}

/** The dashboard funnel's conditions on other modules' tables (accounts and orders), from their owners. */
export interface LeadFunnelConditions {
  /** The account id of the address in `emailColumn`, as a scalar subquery (NULL without one). */
  accountId(qb: SelectQueryBuilder<ObjectLiteral>, emailColumn: string): string;
  /** The variant of that account (its first touch), as a scalar subquery. */
  accountVariant(qb: SelectQueryBuilder<ObjectLiteral>, emailColumn: string): string;
  /** SQL that holds when the address or the user id has a paid order. */
  bought(qb: SelectQueryBuilder<ObjectLiteral>, emailColumn: string, userIdColumn: string): string;
  /** The variant of the address's earliest paid order, as a scalar subquery (a buyer without a lead). */
  orderVariant(qb: SelectQueryBuilder<ObjectLiteral>, emailColumn: string): string;
  /** The orders paid in [start, end] as a subquery of `email`, `amountOre` and `refusal` (set: refused, no money). */
  paidOrders(qb: SelectQueryBuilder<ObjectLiteral>, start: Date, end: Date): string;
}

/** The admin panel's lead list (alias `lead`): the fields it may sort and filter on. */
export function leadsList(conditions: LeadListConditions): ListSpec<Lead> {
  return {
    sort: {
      id: 'lead.id',
      createdAt: 'lead.createdAt',
      email: 'lead.email',
      courseType: 'lead.courseType',
      source: 'lead.source',
      trafficSource: 'lead.attribution.trafficSource',
      contacted: 'lead.contacted',
    },
    defaultSort: ['createdAt', 'DESC'],
    filters: {
      id: filter.ids('lead.id'),
      q: filter.search(['lead.email']),
      userId: filter.ids('lead.userId'),
      createdFrom: filter.from('lead.createdAt'),
      createdTo: filter.to('lead.createdAt'),
      courseType: filter.oneOf('lead.courseType', LEAD_COURSE_TYPES),
      trafficSource: trafficSourceFilter('lead.attribution.trafficSource'),
      utmSource: filter.equals('lead.attribution.utmSource', (raw, key) => parse.string(raw, key, 100)),
      utmCampaign: filter.equals('lead.attribution.utmCampaign', (raw, key) => parse.string(raw, key, 100)),
      contacted: filter.boolColumn('lead.contacted'),
      unsubscribed: filter.isSet('lead.unsubscribedAt'),
      // A lookup in another table per lead: the total is counted up to a bound (list-query COUNT_AHEAD).
      hasAccount: filter.costly(
        filter.condition((qb) => `lead.userId IS NOT NULL OR ${conditions.accountExists(qb, 'lead.email')}`),
      ),
      hasBought: filter.costly(filter.condition((qb) => conditions.bought(qb, 'lead.email', 'lead.userId'))),
    },
  };
}
