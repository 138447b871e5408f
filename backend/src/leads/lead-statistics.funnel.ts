import type { DataSource, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { AddressFacts } from './address-facts';
import { LeadAddress } from './entities/lead-address.entity';

/** What {@link countFunnel} counts: per variant, and the paid orders whose buyer's row is missing or not marked bought. */
export interface FunnelCounted {
  rows: Array<{ variant: string | null; leads: number | string; accounts: number | string; buyers: number | string }>;
  money: Array<{ variant: string | null; revenueOre: number | string }>;
  unmarkedBuyers: number;
}

/** A name (or `alias.name`) quoted for the dialect. */
const escapeName = (ds: DataSource, name: string): string =>
  name
    .split('.')
    .map((p) => ds.driver.escape(p))
    .join('.');

/**
 * The dashboard funnel's statements over lead_addresses (LeadStatisticsService.funnel), one after
 * the other.
 */
export async function countFunnel(ds: DataSource, facts: AddressFacts, start: Date, end: Date): Promise<FunnelCounted> {
  // A row entered the period by a lead or a paid order of its address; a row merged by an e-mail
  // change (leads/address-change.ts) brings in the person's row it counts under. Counted in two
  // disjoint parts, summed by the caller: the rows with a lead in the period (by the span of their
  // leads, below), and the few others, found from the period's buyers and the merged
  // rows. One statement with `id IN (leads) OR email IN (orders) OR id IN (merged)` made MariaDB test
  // every row of the table against three materialised sets: the whole request 1.3 s for 366 days at
  // 200 000 leads, and 3.8 s for 30 days on a busy machine (the scan does not shrink with the period);
  // on the same busy machine the statement took 4.1 s, the two parts 0.5 s and 0.3 s (docs/performance.md).
  const variant = 'COALESCE(a.accountVariant, a.firstVariant)';
  const counts = (qb: SelectQueryBuilder<ObjectLiteral>) =>
    qb
      .select(variant, 'variant')
      .addSelect('COUNT(*)', 'leads')
      .addSelect('SUM(CASE WHEN a.userId IS NOT NULL THEN 1 ELSE 0 END)', 'accounts')
      .addSelect('SUM(CASE WHEN a.bought THEN 1 ELSE 0 END)', 'buyers')
      .groupBy(variant)
      .getRawMany<{ variant: string | null; leads: number | string; accounts: number | string; buyers: number | string }>();
  const t = (name: string) => escapeName(ds, name);
  // A row (`alias`) with a lead in the period, from the span of its leads (idx_lead_addresses_lead_span):
  // one whose first or last lead is in the period has one; only a row with leads both before and
  // after it (never one of a period that ends now) has its leads looked up (idx_leads_address). A row
  // without leads is false at once (`IS NOT NULL` first): a NULL comparison would leave the AND
  // undecided and have its leads looked up, which under launch load MariaDB did by reading the whole
  // period's leads for each buyer without a lead (360 000–810 000 rows examined for 30 days).
  const leadInPeriod = (alias: string) =>
    `${t(`${alias}.firstLeadAt`)} IS NOT NULL AND ${t(`${alias}.lastLeadAt`)} >= :start AND ${t(`${alias}.firstLeadAt`)} <= :end AND (${t(`${alias}.firstLeadAt`)} >= :start OR ${t(`${alias}.lastLeadAt`)} <= :end OR EXISTS (SELECT 1 FROM ${t('leads')} ${t(`${alias}_l`)} WHERE ${t(`${alias}_l.addressId`)} = ${t(`${alias}.id`)} AND ${t(`${alias}_l.createdAt`)} >= :start AND ${t(`${alias}_l.createdAt`)} <= :end))`;
  const withLead = ds.createQueryBuilder(LeadAddress, 'a');
  withLead.where(`a.mergedIntoId IS NULL AND ${leadInPeriod('a')}`, { start, end });
  const others = ds.createQueryBuilder();
  const buyersRows = `SELECT ${t('pa.id')} AS ${t('id')} FROM ${facts.paidOrders(others, start, end)} ${t('p')} JOIN ${t('lead_addresses')} ${t('pa')} ON ${t('pa.email')} = ${t('p.email')}`;
  const mergedInto = `SELECT ${t('mx.mergedIntoId')} AS ${t('id')} FROM ${t('lead_addresses')} ${t('mx')} WHERE ${t('mx.mergedIntoId')} IS NOT NULL AND ((${leadInPeriod('mx')}) OR ${t('mx.email')} IN (SELECT ${t('mp.email')} FROM ${facts.paidOrders(others, start, end)} ${t('mp')}))`;
  others
    .from(`(${buyersRows} UNION ${mergedInto})`, 'c')
    .innerJoin(LeadAddress, 'a', `a.id = ${t('c.id')}`)
    // Not counted above: the same test of a lead in the period, negated (a row without leads has no
    // span: not counted above, counted here). A LEFT JOIN of the period's leads as an anti-join made
    // MariaDB compare each of 30 days' 818 buyers with its 16 000 leads in a join buffer: 0.5 s.
    .where(`a.mergedIntoId IS NULL AND (CASE WHEN ${leadInPeriod('a')} THEN 1 ELSE 0 END) = 0`, { start, end });

  // Money: every order paid in the period under its buyer's row (an order whose row is missing, under none).
  const mq = ds.createQueryBuilder();
  mq.select(variant, 'variant')
    // A payment refused when it landed is a contact, not money (it is refunded in full).
    .addSelect(`SUM(CASE WHEN ${t('p.refusal')} IS NULL THEN ${t('p.amountOre')} ELSE 0 END)`, 'revenueOre')
    .from(`${facts.paidOrders(mq, start, end)}`, 'p')
    .leftJoin(LeadAddress, 'pa', `pa.email = ${t('p.email')}`)
    .leftJoin(LeadAddress, 'a', 'a.id = COALESCE(pa.mergedIntoId, pa.id)')
    .groupBy(variant);
  // Orders whose buyer's own row is missing or not marked bought (catchUpBuyers' condition).
  mq.addSelect('SUM(CASE WHEN pa.bought THEN 0 ELSE 1 END)', 'unmarked');
  const withLeadRows = await counts(withLead);
  const otherRows = await counts(others);
  const money = await mq.getRawMany<{ variant: string | null; revenueOre: number | string; unmarked: number | string | null }>();
  return {
    rows: [...withLeadRows, ...otherRows],
    money,
    unmarkedBuyers: money.reduce((n, r) => n + Number(r.unmarked ?? 0), 0),
  };
}
