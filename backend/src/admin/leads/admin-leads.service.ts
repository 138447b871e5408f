import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MSG, type AdminLead, type AdminLeadDeleted, type AdminLeadsContacted } from '@academy/contracts';
import { AppError, notFound } from '../../platform/errors/app-error';
import { AuditService } from '../../platform/audit/audit.service';
import { accountExistsSql } from '../../identity/account-conditions';
import type { User } from '../../identity/entities/user.entity';
import { UserReader } from '../../identity/user-reader.service';
import { MarketingPrivacyService } from '../../marketing/marketing-privacy.service';
import { MailBouncesService } from '../../outbox/mail-bounces.service';
import { OutboxService } from '../../outbox/outbox.service';
import type { Lead } from '../../leads/entities/lead.entity';
import { leadsList, type LeadListConditions } from '../../leads/lead-list';
import { LeadsService } from '../../leads/leads.service';
import { boughtSql } from '../../orders/order-conditions';
import { OrderRecordsService } from '../../orders/order-records.service';
import { listParamsFor, type ListResult } from '../../platform/list/list-query';
import { toAdminLead } from '../common/mappers';
import type { UpdateLeadDto } from './dto/update-lead.dto';
import { LEAD_CSV_HEADER, CSV_BOM, csvLine, leadCsvRow } from './leads-csv';

const EXPORT_BATCH = 1000;

/** The lead list's conditions on other modules' tables, from their owners. */
const LEAD_CONDITIONS: LeadListConditions = { accountExists: accountExistsSql, bought: boughtSql };

export const LEADS_LIST = leadsList(LEAD_CONDITIONS);

@Injectable()
export class AdminLeadsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly audit: AuditService,
    private readonly leads: LeadsService,
    private readonly users: UserReader,
    private readonly orders: OrderRecordsService,
    private readonly marketing: MarketingPrivacyService,
    private readonly outbox: OutboxService,
    private readonly bounces: MailBouncesService,
  ) {}

  async list(query: Record<string, unknown>): Promise<ListResult<AdminLead>> {
    const params = listParamsFor(query, LEADS_LIST);
    const res = await this.leads.listForAdmin(params, LEAD_CONDITIONS);
    return { ...res, rows: await this.decorate(res.rows) };
  }

  async get(id: number): Promise<AdminLead> {
    const lead = await this.leads.findById(id);
    if (!lead) throw notFound(MSG.leadNotFound);
    return (await this.decorate([lead]))[0];
  }

  /** Note and "kontaktet", with an audit row in the same transaction. */
  async update(id: number, dto: UpdateLeadDto, actor: User): Promise<AdminLead> {
    const lead = await this.ds.transaction(async (m) => {
      const before = await this.leads.lockForUpdate(id, m);
      if (!before) throw notFound(MSG.leadNotFound);
      const changes: Partial<Pick<Lead, 'note' | 'contacted'>> = {};
      if (dto.note !== undefined) changes.note = dto.note === null || dto.note.trim() === '' ? null : dto.note.trim();
      if (dto.contacted !== undefined) changes.contacted = dto.contacted;
      const changed = Object.entries(changes).filter(([k, v]) => before[k as keyof Lead] !== v);
      if (changed.length === 0) return before;
      await this.leads.updateFollowUp(id, changes, m);
      const after = { ...before, ...changes };
      await this.audit.record(m, actor, {
        action: 'lead.update',
        entity: 'lead',
        entityId: id,
        before: Object.fromEntries(changed.map(([k]) => [k, before[k as keyof Lead]])),
        after: Object.fromEntries(changed.map(([k, v]) => [k, v])),
      });
      return after;
    });
    return (await this.decorate([lead]))[0];
  }

  /**
   * «Kontaktet» on many leads at once (the list's bulk action): one transaction, one audit row per
   * lead that changed, as the single edit writes it.
   */
  async markContacted(ids: number[], contacted: boolean, actor: User): Promise<AdminLeadsContacted> {
    const changed = await this.ds.transaction(async (m) => {
      const done = await this.leads.setContacted(ids, contacted, m);
      for (const id of done)
        await this.audit.record(m, actor, {
          action: 'lead.update',
          entity: 'lead',
          entityId: id,
          before: { contacted: !contacted },
          after: { contacted },
        });
      return done;
    });
    return { updated: changed.length };
  }

  /**
   * «Slett» (a GDPR request from someone who never made an account): every lead of the address, the
   * funnel's row of it, its marketing consent and enrolments and the mails to it, in one transaction
   * with an audit row (counts only: the address itself is what was asked to be forgotten). An address
   * with an account is refused with the account's id: the student's erasure removes everything of
   * the person, the leads with it.
   */
  async delete(id: number, actor: User): Promise<AdminLeadDeleted> {
    const lead = await this.leads.findById(id);
    if (!lead) throw notFound(MSG.leadNotFound);
    const accountId = (await this.users.idsByEmail([lead.email])).get(lead.email) ?? lead.userId;
    if (accountId !== null && accountId !== undefined) throw new AppError(409, 'CONFLICT', MSG.leadIsStudent, { accountId });
    return this.ds.transaction(async (m) => {
      // No account: nothing of the person is kept under an id, so the owners erase by address alone.
      const owner = { userId: -1, email: lead.email };
      const { leadsRemoved } = await this.leads.eraseAddress(lead.email, m);
      const { marketingRemoved } = await this.marketing.eraseFor(owner, m);
      const { emailsRemoved } = await this.outbox.eraseFor(owner, m);
      const counts = { leadsRemoved, marketingRemoved, emailsRemoved };
      await this.audit.record(m, actor, { action: 'lead.delete', entity: 'lead', entityId: id, before: null, after: counts });
      return { id, ...counts };
    });
  }

  /**
   * The filtered list as CSV, every row in the list's sort order, produced batch by batch (keyset
   * pages of EXPORT_BATCH leads, each decorated with two queries) so the first byte leaves at once
   * and memory holds one batch, whatever the list's length. Unsubscribed addresses are left out
   * unless asked for. The filter and sort are checked before the first byte (a bad one answers 400).
   */
  async exportCsv(query: Record<string, unknown>, includeUnsubscribed: boolean): Promise<AsyncGenerator<string>> {
    const params = listParamsFor({ sort: query.sort, filter: query.filter }, LEADS_LIST);
    const batches = this.leads.exportBatches(params, LEAD_CONDITIONS, { subscribedOnly: !includeUnsubscribed }, EXPORT_BATCH);
    // The first batch is read before the answer starts: a bad filter answers 400, not a broken download.
    const first = await batches.next();
    return this.csvChunks(first, batches);
  }

  private async *csvChunks(first: IteratorResult<Lead[]>, rest: AsyncGenerator<Lead[]>): AsyncGenerator<string> {
    try {
      yield CSV_BOM + csvLine(LEAD_CSV_HEADER);
      if (first.done) return;
      yield await this.csvRows(first.value);
      for await (const rows of rest) yield await this.csvRows(rows);
    } finally {
      await rest.return(undefined);
    }
  }

  private async csvRows(rows: Lead[]): Promise<string> {
    let out = '';
    for (const l of await this.decorate(rows)) out += leadCsvRow(l);
    return out;
  }

  /** Adds "har konto" and "har kjøpt" for a page of leads (two queries for the whole page). */
  async decorate(leads: Lead[]): Promise<AdminLead[]> {
    if (leads.length === 0) return [];
    const emails = [...new Set(leads.map((l) => l.email))];
    const userIds = [...new Set(leads.map((l) => l.userId).filter((v): v is number => v !== null))];
    const accountByEmail = await this.users.idsByEmail(emails);
    const orders = await this.orders.buyers(emails, userIds);
    const boughtEmails = new Set(orders.map((o) => o.email));
    const boughtUsers = new Set(orders.map((o) => o.userId));
    const bounced = await this.bounces.bouncedAmong(emails);
    return leads.map((l) =>
      toAdminLead(
        l,
        accountByEmail.get(l.email) ?? null,
        boughtEmails.has(l.email) || (l.userId !== null && boughtUsers.has(l.userId)),
        bounced.get(l.email) ?? null,
      ),
    );
  }
}
