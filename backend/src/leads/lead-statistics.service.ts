import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import { isMysql } from '../platform/database/dialect';
import { osloDaySql } from '../platform/database/oslo-day-sql';
import { ADDRESS_FACTS, type AddressFacts } from './address-facts';
import { markMergedBuyer } from './address-change';
import { LeadAddress } from './entities/lead-address.entity';
import { Lead } from './entities/lead.entity';
import { countFunnel } from './lead-statistics.funnel';

/** Leads taken into lead_addresses per statement (a few thousand values in an `IN` list on both dialects). */
const CATCH_UP_BATCH = 2000;

export interface FunnelCount {
  variant: string | null;
  leads: number;
  accounts: number;
  buyers: number;
  /** The orders paid in the period by the people counted under this variant, in øre. */
  revenueOre: number;
}

/**
 * The dashboard's counts of leads, in SQL, and the per-address rows (lead_addresses) that keep the
 * funnel of a year cheap. The rows follow the facts they summarise:
 * - a new lead: taken in when the statistics are read ({@link catchUp}: the leads without an address
 *   id, in batches; the lead form's INSERT stays one statement);
 * - an account or a purchase: once committed ({@link refresh}, from the listeners; never inside the
 *   payment's transaction, where two purchases of one new buyer deadlocked on the new row); an
 *   account the mentor makes, when its leads are linked to it;
 * - erasure: the row goes with the leads ({@link eraseFor}).
 * Both writers merge (an account or a purchase, once there, stays), and each upserts on the unique
 * address, so whichever runs first, the second sees the first's row.
 */
@Injectable()
export class LeadStatisticsService {
  private catching: Promise<void> | null = null;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(ADDRESS_FACTS) private readonly facts: AddressFacts,
  ) {}

  /**
   * Leads per Oslo day (days since 1970, platform/database/oslo-day-sql.ts) and variant in [start,
   * end], grouped in SQL. Read from idx_leads_created_address alone. At 200 000 leads, 366 days: per UTC hour (26 000 groups, each
   * turned into a day in Node with Intl) 79 ms in MariaDB and 107 ms in Node; per Oslo day (1 100 groups)
   * 66 ms and nothing to speak of in Node (bench/scale-results.md).
   */
  async countsPerDay(start: Date, end: Date): Promise<Array<{ day: number; variant: string | null; n: number }>> {
    const qb = this.ds.createQueryBuilder(Lead, 'lead');
    const day = osloDaySql(qb, 'lead.createdAt', { start, end });
    const rows = await qb
      .select(day, 'day')
      .addSelect('lead.attribution.trafficSource', 'variant')
      .addSelect('COUNT(*)', 'n')
      .where('lead.createdAt >= :start AND lead.createdAt <= :end', { start, end })
      .groupBy('day')
      .addGroupBy('variant')
      .getRawMany<{ day: number | string; variant: string | null; n: number | string }>();
    return rows.map((r) => ({ day: Number(r.day), variant: r.variant, n: Number(r.n) }));
  }

  /**
   * The funnel: each person who entered it in [start, end] (an address with a lead, or a paid order,
   * in the period) once, under their first touch (the account's variant, else the earliest lead's
   * with a variant, else their first order's), with whether they have an account and a paid order;
   * and the money paid in the period attributed by the same rule (each order under its buyer's row),
   * so «Kjøp» and «Omsetning» of a variant speak of the same people. New leads and the period's
   * buyers are taken in first.
   */
  async funnel(start: Date, end: Date): Promise<FunnelCount[]> {
    await this.catchUp();
    let counted = await countFunnel(this.ds, this.facts, start, end);
    // The period's buyers whose row is missing or not marked bought (usually none: the purchase's
    // own refresh made them) are taken in, and the funnel counted again. Found by the money's query,
    // which joins every paid order of the period to its row anyway.
    if (counted.unmarkedBuyers > 0) {
      await this.catchUpBuyers(start, end);
      counted = await countFunnel(this.ds, this.facts, start, end);
    }
    const out = new Map<string | null, FunnelCount>();
    const row = (v: string | null) => {
      if (!out.has(v)) out.set(v, { variant: v, leads: 0, accounts: 0, buyers: 0, revenueOre: 0 });
      return out.get(v)!;
    };
    for (const r of counted.rows) {
      const acc = row(r.variant);
      acc.leads += Number(r.leads);
      acc.accounts += Number(r.accounts);
      acc.buyers += Number(r.buyers);
    }
    for (const r of counted.money) row(r.variant).revenueOre += Number(r.revenueOre);
    return [...out.values()];
  }

  /**
   * The period's buyers whose row is missing or not yet marked bought (a purchase whose after-commit
   * refresh failed, orders from before the rows existed): upserted as a purchase's refresh does, in one
   * statement. Usually none: the purchase's own refresh made them.
   */
  private async catchUpBuyers(start: Date, end: Date): Promise<void> {
    const qb = this.ds.createQueryBuilder();
    const paid = this.facts.paidOrders(qb, start, end);
    const done = qb
      .subQuery()
      .select('1')
      .from(LeadAddress, 'done')
      .where(`done.email = ${this.table('p.email')}`)
      .andWhere('done.bought = :yes', { yes: true })
      .getQuery();
    const missing = await qb
      .select(`DISTINCT ${this.table('p.email')}`, 'email')
      .from(paid, 'p')
      .where(`NOT EXISTS ${done}`)
      .getRawMany<{ email: string }>();
    for (const { email } of missing) await this.refresh(email);
  }

  /**
   * Takes every lead without an address id into lead_addresses, a batch at a time. One run at a time
   * in this process; a second caller waits for the run under way and then runs again (it may hold
   * leads that run did not see).
   */
  async catchUp(): Promise<void> {
    while (this.catching) await this.catching.catch(() => undefined);
    this.catching = (async () => {
      while ((await this.catchUpBatch()) === CATCH_UP_BATCH);
    })();
    try {
      await this.catching;
    } finally {
      this.catching = null;
    }
  }

  /** One batch: the addresses of up to CATCH_UP_BATCH leads upserted with their facts, then the leads pointed at them. */
  private async catchUpBatch(): Promise<number> {
    const ids = (
      await this.ds
        .createQueryBuilder(Lead, 'lead')
        .select('lead.id', 'id')
        .where('lead.addressId IS NULL')
        .orderBy('lead.id')
        .limit(CATCH_UP_BATCH)
        .getRawMany<{ id: number | string }>()
    ).map((r) => Number(r.id));
    if (ids.length === 0) return 0;

    const qb = this.ds
      .createQueryBuilder()
      .from(
        (sq) =>
          sq
            .select('l.email', 'email')
            .addSelect('MAX(l.userId)', 'uid')
            .addSelect('MIN(l.createdAt)', 'firstLeadAt')
            .addSelect('MAX(l.createdAt)', 'lastLeadAt')
            .from(Lead, 'l')
            .where('l.id IN (:...ids)', { ids })
            .groupBy('l.email'),
        'x',
      );
    // The first touch over every lead of the address (not only this batch's): one index lookup each.
    const firstVariant = this.leadFirstVariant(qb, 'x.email');
    const userId = `COALESCE(${this.facts.accountId(qb, 'x.email')}, x.uid)`;
    qb.select('x.email', 'email')
      .addSelect(`COALESCE(${firstVariant}, ${this.facts.orderVariant(qb, 'x.email')})`, 'firstVariant')
      .addSelect(userId, 'userId')
      .addSelect(this.facts.accountVariant(qb, 'x.email'), 'accountVariant')
      .addSelect(`CASE WHEN ${this.facts.bought(qb, 'x.email', userId)} THEN 1 ELSE 0 END`, 'bought')
      .addSelect('x.firstLeadAt', 'firstLeadAt')
      .addSelect('x.lastLeadAt', 'lastLeadAt')
      .where('1 = 1');
    await this.upsert(this.ds.manager, qb, { firstVariant: 'latest' });

    const t = this.table;
    await this.ds
      .createQueryBuilder()
      .update(Lead)
      .set({
        addressId: () =>
          `(SELECT ${t('a.id')} FROM ${t('lead_addresses')} ${t('a')} WHERE ${t('a.email')} = ${t('leads.email')})`,
      })
      .where('id IN (:...ids)', { ids })
      .execute();
    return ids.length;
  }

  /**
   * The account facts of one address as committed (after a sign-up or a purchase, or in the caller's
   * transaction `m`): the row is made when the address has none yet, so the batch that takes its leads in later keeps it.
   */
  async refresh(email: string, m: EntityManager = this.ds.manager): Promise<void> {
    const qb = m.createQueryBuilder().from('(SELECT :email AS email)', 'x').setParameter('email', email);
    const userId = this.facts.accountId(qb, 'x.email');
    qb.select('x.email', 'email')
      .addSelect(`COALESCE(${this.leadFirstVariant(qb, 'x.email')}, ${this.facts.orderVariant(qb, 'x.email')})`, 'firstVariant')
      .addSelect(userId, 'userId')
      .addSelect(this.facts.accountVariant(qb, 'x.email'), 'accountVariant')
      .addSelect(`CASE WHEN ${this.facts.bought(qb, 'x.email', userId)} THEN 1 ELSE 0 END`, 'bought')
      // The span of its leads is the catch-up's (a row made here keeps none until its leads are taken in).
      .addSelect('NULL', 'firstLeadAt')
      .addSelect('NULL', 'lastLeadAt')
      .where('1 = 1');
    await this.upsert(m, qb, { firstVariant: 'latest' });
    await markMergedBuyer(m, email, this.table);
  }

  /** The variant of the address's earliest lead that has one, as a scalar subquery (one index lookup). */
  private leadFirstVariant(qb: SelectQueryBuilder<ObjectLiteral>, emailColumn: string): string {
    const variant = this.column('attribution.trafficSource');
    return qb
      .subQuery()
      .select(`fl.${variant}`)
      .from(Lead, 'fl')
      .where(`fl.email = ${emailColumn} AND fl.${variant} IS NOT NULL`)
      .orderBy('fl.createdAt')
      .addOrderBy('fl.id')
      .limit(1)
      .getQuery();
  }

  /**
   * Erasure, inside the caller's transaction: the rows of the address and of the account; a row of
   * another address that lost leads with them (a lead linked to the account under another address)
   * gets the span of the leads it has left.
   */
  async eraseFor(owner: { userId: number; email: string }, m: EntityManager, leftAddressIds: number[] = []): Promise<void> {
    await m.delete(LeadAddress, { email: owner.email });
    await m.delete(LeadAddress, { userId: owner.userId });
    if (leftAddressIds.length === 0) return;
    const t = this.table;
    const span = (fn: 'MIN' | 'MAX') =>
      `(SELECT ${fn}(${t('l.createdAt')}) FROM ${t('leads')} ${t('l')} WHERE ${t('l.addressId')} = ${t('lead_addresses.id')})`;
    await m
      .createQueryBuilder()
      .update(LeadAddress)
      .set({ firstLeadAt: () => span('MIN'), lastLeadAt: () => span('MAX') })
      .where('id IN (:...ids)', { ids: leftAddressIds })
      .execute();
  }

  /** The row of an address without an account, inside the caller's transaction (a lead deleted by the mentor). */
  async eraseAddress(email: string, m: EntityManager): Promise<void> {
    await m.delete(LeadAddress, { email });
  }

  /**
   * `INSERT INTO lead_addresses (email, firstVariant, userId, accountVariant, bought, firstLeadAt,
   * lastLeadAt) <select>` with a
   * merge on the address: an account, its variant and "bought" once there stay (they only come, an
   * erasure removes the row); the first variant is the select's when it brings one (`latest`, the
   * batch reads the whole address) or left as it was (`keep`).
   */
  private async upsert(
    m: EntityManager,
    select: SelectQueryBuilder<ObjectLiteral>,
    opts: { firstVariant: 'latest' | 'keep' },
  ): Promise<void> {
    const [sql, params] = select.getQueryAndParameters();
    const t = this.table;
    const columns = ['email', 'firstVariant', 'userId', 'accountVariant', 'bought', 'firstLeadAt', 'lastLeadAt'];
    const head = `INSERT INTO ${t('lead_addresses')} (${columns.map(t).join(', ')}) ${sql}`;
    const row = (c: string) => t(`lead_addresses.${c}`);
    // The incoming row: MySQL's VALUES(col), SQLite's excluded.col; the larger flag: GREATEST, MAX.
    const mysql = isMysql(this.ds);
    const v = (c: string) => (mysql ? `VALUES(${t(c)})` : `excluded.${t(c)}`);
    const set = [
      opts.firstVariant === 'latest' ? `${t('firstVariant')} = COALESCE(${v('firstVariant')}, ${row('firstVariant')})` : null,
      `${t('userId')} = COALESCE(${row('userId')}, ${v('userId')})`,
      `${t('accountVariant')} = COALESCE(${row('accountVariant')}, ${v('accountVariant')})`,
      `${t('bought')} = ${mysql ? 'GREATEST' : 'MAX'}(${row('bought')}, ${v('bought')})`,
      // The span of the leads widens (leads only come; an erasure sets it again, eraseFor).
      `${t('firstLeadAt')} = CASE WHEN ${v('firstLeadAt')} IS NOT NULL AND (${row('firstLeadAt')} IS NULL OR ${v('firstLeadAt')} < ${row('firstLeadAt')}) THEN ${v('firstLeadAt')} ELSE ${row('firstLeadAt')} END`,
      `${t('lastLeadAt')} = CASE WHEN ${v('lastLeadAt')} IS NOT NULL AND (${row('lastLeadAt')} IS NULL OR ${v('lastLeadAt')} > ${row('lastLeadAt')}) THEN ${v('lastLeadAt')} ELSE ${row('lastLeadAt')} END`,
    ].filter(Boolean);
    const onConflict = mysql ? 'ON DUPLICATE KEY UPDATE' : `ON CONFLICT (${t('email')}) DO UPDATE SET`;
    await m.query(`${head} ${onConflict} ${set.join(', ')}`, params);
  }

  private column(path: string): string {
    return this.ds.getMetadata(Lead).findColumnWithPropertyPath(path)!.databaseName;
  }

  /** A name (or `alias.name`) quoted for the dialect. */
  private readonly table = (name: string): string =>
    name
      .split('.')
      .map((p) => this.ds.driver.escape(p))
      .join('.');
}
