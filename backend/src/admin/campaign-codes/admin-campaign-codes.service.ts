import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MSG, type AdminCampaignCode, type AdminCampaignCodeOrder } from '@academy/contracts';
import { CAMPAIGN_CODES_LIST, CampaignCodesService, type CampaignCodeInput } from '../../orders/pricing/campaign-codes.service';
import type { CampaignCode } from '../../orders/entities/campaign-code.entity';
import { OrderRecordsService } from '../../orders/order-records.service';
import type { User } from '../../identity/entities/user.entity';
import { AuditService } from '../../platform/audit/audit.service';
import { notFound } from '../../platform/errors/app-error';
import { listParamsFor, type ListResult } from '../../platform/list/list-query';
import type { CreateCampaignCodeDto, UpdateCampaignCodeDto } from './dto/campaign-code.dto';

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);
const date = (v: string | null | undefined): Date | null | undefined =>
  v === undefined ? undefined : v === null ? null : new Date(v);

export function toAdminCampaignCode(c: CampaignCode): AdminCampaignCode {
  return {
    id: c.id,
    code: c.code,
    percentOff: c.percentOff,
    amountOffOre: c.amountOffOre,
    courseIds: Array.isArray(c.courseIds) ? c.courseIds : [],
    validFrom: iso(c.validFrom),
    validTo: iso(c.validTo),
    maxUses: c.maxUses,
    uses: c.uses,
    active: !!c.active,
    createdAt: iso(c.createdAt)!,
    updatedAt: iso(c.updatedAt)!,
  };
}

/** The mentor's campaign codes: the orders module's service does the rules; every change is audited in its transaction. */
@Injectable()
export class AdminCampaignCodesService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly codes: CampaignCodesService,
    private readonly audit: AuditService,
    private readonly orders: OrderRecordsService,
  ) {}

  /** The orders made with the code (every status: «1 av 50» counts the paid ones), newest first, up to 500. */
  async ordersOf(id: number): Promise<AdminCampaignCodeOrder[]> {
    const row = await this.codes.find(id);
    if (!row) throw notFound(MSG.recordNotFound);
    const orders = await this.orders.withCampaignCode(row.code, 500);
    return orders.map((o) => ({
      id: o.id,
      email: o.email,
      name: [o.firstName, o.lastName].filter(Boolean).join(' ') || null,
      courseId: o.courseId,
      status: o.status,
      amountOre: o.amountOre,
      discountOre: o.discountOre,
      createdAt: new Date(o.createdAt).toISOString(),
      paidAt: o.paidAt ? new Date(o.paidAt).toISOString() : null,
    }));
  }

  async list(query: Record<string, unknown>): Promise<ListResult<AdminCampaignCode>> {
    const res = await this.codes.list(listParamsFor(query, CAMPAIGN_CODES_LIST));
    return { ...res, rows: res.rows.map(toAdminCampaignCode) };
  }

  async get(id: number): Promise<AdminCampaignCode> {
    const row = await this.codes.find(id);
    if (!row) throw notFound(MSG.recordNotFound);
    return toAdminCampaignCode(row);
  }

  async create(dto: CreateCampaignCodeDto, actor: User): Promise<AdminCampaignCode> {
    const input: CampaignCodeInput = {
      code: dto.code,
      percentOff: dto.percentOff ?? null,
      amountOffOre: dto.amountOffOre ?? null,
      courseIds: dto.courseIds,
      validFrom: date(dto.validFrom) ?? null,
      validTo: date(dto.validTo) ?? null,
      maxUses: dto.maxUses ?? null,
      active: dto.active ?? true,
    };
    const row = await this.ds.transaction(async (m) => {
      const created = await this.codes.create(input, m);
      await this.audit.record(m, actor, {
        action: 'campaign_code.create',
        entity: 'campaign_code',
        entityId: created.id,
        before: null,
        after: toAdminCampaignCode(created),
      });
      return created;
    });
    return toAdminCampaignCode(row);
  }

  async update(id: number, dto: UpdateCampaignCodeDto, actor: User): Promise<AdminCampaignCode> {
    const changes: Partial<CampaignCodeInput> = {
      code: dto.code,
      percentOff: dto.percentOff,
      amountOffOre: dto.amountOffOre,
      courseIds: dto.courseIds,
      validFrom: date(dto.validFrom),
      validTo: date(dto.validTo),
      maxUses: dto.maxUses,
      active: dto.active,
    };
    const row = await this.ds.transaction(async (m) => {
      const before = await this.codes.find(id, m);
      if (!before) throw notFound(MSG.recordNotFound);
      const after = await this.codes.update(before, changes, m);
      const b = toAdminCampaignCode(before);
      const a = toAdminCampaignCode(after);
      if (JSON.stringify({ ...b, updatedAt: null }) !== JSON.stringify({ ...a, updatedAt: null }))
        await this.audit.record(m, actor, {
          action: 'campaign_code.update',
          entity: 'campaign_code',
          entityId: id,
          before: b,
          after: a,
        });
      return after;
    });
    return toAdminCampaignCode(row);
  }

  async remove(id: number, actor: User): Promise<AdminCampaignCode> {
    const row = await this.ds.transaction(async (m) => {
      const before = await this.codes.find(id, m);
      if (!before) throw notFound(MSG.recordNotFound);
      await this.codes.remove(before, m);
      await this.audit.record(m, actor, {
        action: 'campaign_code.delete',
        entity: 'campaign_code',
        entityId: id,
        before: toAdminCampaignCode(before),
        after: null,
      });
      return before;
    });
    return toAdminCampaignCode(row);
  }
}
