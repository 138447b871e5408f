import { Inject } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, IsNull, Not, Repository, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { ACCOUNT_OF_ADDRESS, type AccountOfAddress } from './account-of-address';
import { isMysql } from '../platform/database/dialect';
import { insertPrepared } from '../platform/database/prepared';
import {
  firstTouchAttribution,
  leadDestination,
  type AccountExport,
  type Attribution,
  type CreateLeadRequest,
} from '@academy/contracts';
import { normalizeEmail } from '../platform/crypto/tokens';
import { attributionColumns } from '../platform/dto/attribution.dto';
import { keysetBatches } from '../platform/list/keyset';
import { runList, type ListParams, type ListResult } from '../platform/list/list-query';
import { Lead } from './entities/lead.entity';
import { LeadStatisticsService } from './lead-statistics.service';
import { mergeAddressRows } from './address-change';
import { leadsList, type LeadListConditions } from './lead-list';
import { ERASURE_ORDER, OwnsPersonalData, type DataSubject, type PersonalDataOwner } from '../platform/personal-data';

export interface LeadInput {
  email: string;
  courseType: string;
  source: string;
  attribution?: Attribution | null;
  /** The account, when the caller knows it (the free sign-up); else the INSERT finds that of the address. */
  userId?: number;
}

/**
 * A lead as {@link LeadsService.record} stored it. `userId` is there only when the caller gave it:
 * otherwise the INSERT linked the lead to the address's account in SQL, and nothing read it back.
 */
export type RecordedLead = Omit<Lead, 'userId'> & { userId?: number };

/** The lead form's body, as both of its routes have it (the form without JavaScript sends no attribution). */
export type LeadCapture = Pick<CreateLeadRequest, 'email' | 'courseType' | 'source' | 'trafficSource' | 'utm' | 'attribution'>;

@OwnsPersonalData({ name: 'leads', sections: ['leads'], tables: ['leads', 'lead_addresses'], eraseOrder: ERASURE_ORDER.leads })
export class LeadsService implements PersonalDataOwner {
  private insert?: { sql: string; columns: ColumnMetadata[]; account: ColumnMetadata };

  constructor(
    @InjectRepository(Lead) private readonly leads: Repository<Lead>,
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(ACCOUNT_OF_ADDRESS) private readonly accountOfAddress: AccountOfAddress,
    private readonly statistics: LeadStatisticsService,
  ) {}

  /**
   * The lead form's one use case, for both of its routes (`POST /` without JavaScript and
   * `POST /api/leads`): the first-touch rule, the lead stored, and where the visitor goes next.
   */
  async capture(input: LeadCapture): Promise<{ lead: RecordedLead; next: string }> {
    const lead = await this.record({
      email: input.email,
      courseType: input.courseType,
      source: input.source,
      attribution: firstTouchAttribution(input),
    });
    return { lead, next: leadDestination(input.courseType, input.email) };
  }

  /**
   * The lead INSERT, built once from the entity's metadata: every column but the id. The form is the
   * busiest write of the site; TypeORM's query builder would rebuild this text for every lead. The
   * account column is `COALESCE(?, <the account of the address in ?>)`, the subquery being identity's
   * (leads may not name its table): the caller's account, else that of the address, in one statement.
   */
  private insertStatement(): { sql: string; columns: ColumnMetadata[]; account: ColumnMetadata } {
    if (this.insert) return this.insert;
    const meta = this.ds.getMetadata(Lead);
    const q = (name: string) => (isMysql(this.ds) ? `\`${name}\`` : `"${name}"`);
    // Embedded attribution columns have no prefix: every property name is a column of its own.
    const columns = meta.columns.filter((c) => !c.isGenerated);
    const account = meta.findColumnWithPropertyName('userId')!;
    const values = columns.map((c) => (c === account ? `COALESCE(?, ${this.accountOfAddress.idSql(q)})` : '?'));
    const sql = `INSERT INTO ${q(meta.tableName)} (${columns.map((c) => q(c.databaseName)).join(', ')}) VALUES (${values.join(', ')})`;
    return (this.insert = { sql, columns, account });
  }

  /**
   * Stores a lead, in one INSERT. Repeated submissions are stored too: each is a touchpoint. A lead
   * of an address that has an account is linked to it (the caller's `userId`, else the account of
   * the address, found inside the statement).
   */
  async record(input: LeadInput): Promise<RecordedLead> {
    const email = normalizeEmail(input.email);
    const attribution = attributionColumns(input.attribution);
    const lead: RecordedLead = {
      id: 0,
      email,
      courseType: input.courseType,
      source: input.source.slice(0, 200),
      attribution,
      contacted: false,
      note: null,
      unsubscribedAt: null,
      createdAt: new Date(),
      addressId: null,
    };
    if (input.userId !== undefined) lead.userId = input.userId;
    const { sql, columns, account } = this.insertStatement();
    const flat: Record<string, unknown> = { ...lead, ...attribution, userId: input.userId ?? null };
    const params: unknown[] = [];
    for (const c of columns) {
      params.push(this.ds.driver.preparePersistentValue(flat[c.propertyName], c));
      // COALESCE(?, (SELECT … WHERE email = ?)): the caller's account, then the address for the subquery.
      if (c === account) params.push(email);
    }
    lead.id = await insertPrepared(this.ds, sql, params);
    return lead;
  }

  /** Marks every lead of a normalised address as unsubscribed (once; a second time changes nothing). */
  async unsubscribe(email: string, m?: EntityManager): Promise<number> {
    const res = await (m?.getRepository(Lead) ?? this.leads).update(
      { email, unsubscribedAt: IsNull() },
      { unsubscribedAt: new Date() },
    );
    return res.affected ?? 0;
  }

  /** Undoes an unsubscribe of a normalised address (the undo on the unsubscribe page). */
  async resubscribe(email: string, m?: EntityManager): Promise<number> {
    const res = await (m?.getRepository(Lead) ?? this.leads).update(
      { email, unsubscribedAt: Not(IsNull()) },
      { unsubscribedAt: null },
    );
    return res.affected ?? 0;
  }

  /**
   * The person's first touch (docs/decisions.md "Attribution"): the attribution of the earliest lead of this
   * address that carries one, or null when no lead of it does. An account or an order made later for
   * the address takes this value, so leads, accounts and orders of one person count under one variant.
   */
  async firstTouchOf(email: string): Promise<Attribution | null> {
    const lead = await this.leads.findOne({
      where: [
        { email: normalizeEmail(email), attribution: { trafficSource: Not(IsNull()) } },
        { email: normalizeEmail(email), attribution: { landingPath: Not(IsNull()) } },
      ],
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    if (!lead) return null;
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(attributionColumns(lead.attribution))) if (v) out[k] = v;
    return out as Attribution;
  }

  /** Links earlier leads of this address to a new account (and the dashboard's row of the address follows). */
  async linkToUser(email: string, userId: number): Promise<void> {
    const address = normalizeEmail(email);
    await this.leads.update({ email: address, userId: IsNull() }, { userId });
    await this.statistics.refresh(address, this.ds.manager);
  }

  /**
   * The account moved from one address to another (a confirmed e-mail change), inside the change's
   * transaction: the leads of both addresses belong to the account, and the funnel counts the person
   * once (docs/decisions.md "Attribution").
   */
  async addressChanged(from: string, to: string, userId: number, m: EntityManager): Promise<void> {
    await m.getRepository(Lead).update({ email: In([from, to]), userId: IsNull() }, { userId });
    await this.statistics.refresh(from, m);
    await this.statistics.refresh(to, m);
    await mergeAddressRows(m, from, to, userId);
  }

  // ---- for the admin panel and the account (leads sit low in the module graph: others ask here)

  /**
   * One page of the admin panel's lead list ({@link leadsList}; the caller brings its conditions on
   * other tables); `subscribedOnly` leaves unsubscribed addresses out.
   */
  listForAdmin(
    params: ListParams,
    conditions: LeadListConditions,
    opts: { subscribedOnly?: boolean } = {},
  ): Promise<ListResult<Lead>> {
    const qb: SelectQueryBuilder<Lead> = this.leads.createQueryBuilder('lead');
    if (opts.subscribedOnly) qb.andWhere('lead.unsubscribedAt IS NULL');
    return runList(qb, params, leadsList(conditions));
  }

  /**
   * The whole filtered list in its sort order, in keyset batches of `batchSize` (for the CSV export:
   * every row, never an OFFSET walk, never the whole list in memory).
   */
  exportBatches(
    params: Pick<ListParams, 'sort' | 'filter'>,
    conditions: LeadListConditions,
    opts: { subscribedOnly?: boolean },
    batchSize: number,
  ): AsyncGenerator<Lead[]> {
    const query = () => {
      const qb: SelectQueryBuilder<Lead> = this.leads.createQueryBuilder('lead');
      if (opts.subscribedOnly) qb.andWhere('lead.unsubscribedAt IS NULL');
      return qb;
    };
    return keysetBatches(query, params, leadsList(conditions), batchSize);
  }

  findById(id: number): Promise<Lead | null> {
    return this.leads.findOneBy({ id });
  }

  /** The lead, locked on MySQL until `m` commits (two edits of one lead run one after the other). */
  lockForUpdate(id: number, m: EntityManager): Promise<Lead | null> {
    const qb = m.getRepository(Lead).createQueryBuilder('lead').where('lead.id = :id', { id });
    if (isMysql(m)) qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  /** The mentor's own fields of a lead, inside the caller's transaction. */
  async updateFollowUp(id: number, changes: Partial<Pick<Lead, 'note' | 'contacted'>>, m: EntityManager): Promise<void> {
    await m.getRepository(Lead).update({ id }, changes);
  }

  /** Marks these leads contacted (or not), inside the caller's transaction; the ids that changed. */
  async setContacted(ids: number[], contacted: boolean, m: EntityManager): Promise<number[]> {
    const changing = await m.getRepository(Lead).find({ select: { id: true }, where: { id: In(ids), contacted: !contacted } });
    const changed = changing.map((l) => l.id);
    if (changed.length) await m.getRepository(Lead).update({ id: In(changed) }, { contacted });
    return changed;
  }

  /**
   * A lead's erasure without an account (the mentor's «Slett», a GDPR request), inside the caller's
   * transaction: every lead of the address and the funnel's row of it.
   */
  async eraseAddress(email: string, m: EntityManager): Promise<{ leadsRemoved: number }> {
    const res = await m.delete(Lead, { email });
    await this.statistics.eraseAddress(email, m);
    return { leadsRemoved: res.affected ?? 0 };
  }

  /** The newest `take` leads of the account or its address, and how many it has in all. */
  async leadsOf(owner: { userId: number; email: string }, take: number): Promise<{ leads: Lead[]; total: number }> {
    const [leads, total] = await this.leads.findAndCount({
      where: [{ userId: owner.userId }, { email: owner.email }],
      order: { createdAt: 'DESC', id: 'DESC' },
      take,
    });
    return { leads, total };
  }

  /** The newest leads. */
  latest(take: number): Promise<Lead[]> {
    return this.leads.find({ order: { createdAt: 'DESC', id: 'DESC' }, take });
  }

  /** Leads of the account or its address, for the data export. */
  async exportFor(owner: DataSubject, m: EntityManager): Promise<Pick<AccountExport, 'leads'>> {
    const leads = await m.find(Lead, {
      where: [{ userId: owner.userId }, { email: owner.email }],
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return {
      leads: leads.map((l) => ({
        email: l.email,
        courseType: l.courseType,
        source: l.source,
        createdAt: l.createdAt.toISOString(),
        unsubscribedAt: l.unsubscribedAt ? l.unsubscribedAt.toISOString() : null,
        attribution: attributionColumns(l.attribution),
      })),
    };
  }

  /** Erasure, inside the caller's transaction: every lead of the account and of its address. */
  async eraseFor(owner: DataSubject, m: EntityManager): Promise<{ leadsRemoved: number }> {
    // The funnel's rows these leads were counted under (another address's row may stay: its span is set again).
    const rows = await m
      .createQueryBuilder(Lead, 'l')
      .select('DISTINCT l.addressId', 'addressId')
      .where('(l.userId = :userId OR l.email = :email) AND l.addressId IS NOT NULL', { userId: owner.userId, email: owner.email })
      .getRawMany<{ addressId: number | string }>();
    const byUser = await m.delete(Lead, { userId: owner.userId });
    const byEmail = await m.delete(Lead, { email: owner.email });
    await this.statistics.eraseFor(
      owner,
      m,
      rows.map((r) => Number(r.addressId)),
    );
    return { leadsRemoved: (byUser.affected ?? 0) + (byEmail.affected ?? 0) };
  }
}
