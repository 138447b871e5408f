import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import {
  CAMPAIGN_CODE_PATTERN,
  MIN_DISCOUNTED_PRICE_ORE,
  MSG,
  isCheckoutCourseId,
  normalizeCampaignCode,
  type CampaignCodeQuote,
} from '@academy/contracts';
import { CATALOG_SEED } from '../../catalog/catalog.data';
import { LaunchSeatsService } from '../../catalog/launch-seats.service';
import { AppError, badRequest, conflict } from '../../platform/errors/app-error';
import { isUniqueViolation } from '../../platform/errors/db-errors';
import { filter, runList, type ListParams, type ListResult, type ListSpec } from '../../platform/list/list-query';
import { Clock } from '../../platform/time/clock';
import { CampaignCode } from '../entities/campaign-code.entity';

/** A new code, or the fields of a change (the admin panel's DTOs have checked each field). */
export interface CampaignCodeInput {
  code: string;
  percentOff: number | null;
  amountOffOre: number | null;
  courseIds: string[];
  validFrom: Date | null;
  validTo: Date | null;
  maxUses: number | null;
  active: boolean;
}

/**
 * What a code takes off `baseOre` (a whole-kroner price), decided once, here, for the page, the
 * payment, the order and the receipt alike. The price it leaves is whole kroner, rounded down (in the
 * buyer's favour: 25 % off 1 997 kr leaves 1 497 kr, never 1 497,75), and never below the minimum charge.
 */
export function discountFor(code: Pick<CampaignCode, 'percentOff' | 'amountOffOre'>, baseOre: number): number {
  if (baseOre <= MIN_DISCOUNTED_PRICE_ORE) return 0;
  const raw = code.percentOff !== null ? (baseOre * code.percentOff) / 100 : (code.amountOffOre ?? 0);
  if (raw <= 0) return 0;
  const left = Math.floor((baseOre - raw) / ORE_PER_KRONE) * ORE_PER_KRONE;
  return baseOre - Math.max(left, MIN_DISCOUNTED_PRICE_ORE);
}

const ORE_PER_KRONE = 100;

/** Courses a code can be made for: those sold by checkout. */
export const CODE_COURSE_IDS: readonly string[] = CATALOG_SEED.filter((c) => c.soldByCheckout).map((c) => c.id);

/**
 * Campaign codes: the server validates and prices them (never the client).
 *
 * Uses count only when paid (docs/decisions.md "Campaign codes": a checkout never holds a scarce use): the use is counted in
 * the transaction that marks the order paid, with a conditional UPDATE (`uses < maxUses`), so
 * concurrent payments can never count past the limit. A payment that finds the last use gone is
 * refused and refunded at once (see FulfilmentService). A refund does not give a use back.
 *
 * A code that cannot be used now (unknown, another course's, switched off, not yet or no longer
 * valid, used up) gets one answer: the reasons are the mentor's business, not something a visitor
 * can probe code by code.
 */
/** The admin panel's campaign-code list (alias `code`): the fields it may sort and filter on. */
export const CAMPAIGN_CODES_LIST: ListSpec<CampaignCode> = {
  sort: {
    id: 'code.id',
    code: 'code.code',
    uses: 'code.uses',
    validFrom: 'code.validFrom',
    validTo: 'code.validTo',
    active: 'code.active',
    createdAt: 'code.createdAt',
  },
  defaultSort: ['createdAt', 'DESC'],
  filters: {
    id: filter.ids('code.id'),
    q: filter.search(['code.code']),
    active: filter.boolColumn('code.active'),
  },
};

@Injectable()
export class CampaignCodesService {
  constructor(
    @InjectRepository(CampaignCode) private readonly codes: Repository<CampaignCode>,
    private readonly launch: LaunchSeatsService,
    private readonly clock: Clock,
  ) {}

  /** GET /api/campaign-codes/:code?courseId=: the price with the code, or 404 CAMPAIGN_CODE_UNUSABLE. */
  async quote(rawCode: unknown, courseId: unknown): Promise<CampaignCodeQuote> {
    const code = parseCode(rawCode);
    if (typeof courseId !== 'string' || courseId === '') throw badRequest(MSG.campaignCodeCourseRequired, 'VALIDATION_FAILED');
    const item = isCheckoutCourseId(courseId) ? CATALOG_SEED.find((c) => c.id === courseId && c.soldByCheckout) : undefined;
    if (!item) throw badRequest(MSG.invalidCourseId, 'INVALID_COURSE');
    const row = await this.codes.findOneBy({ code });
    if (!row || !usableNow(row, item.id, this.clock.now()))
      throw new AppError(HttpStatus.NOT_FOUND, CAMPAIGN_CODE_UNUSABLE, MSG.campaignCodeUnusable);
    const price = await this.launch.priceNow(item);
    const discountOre = discountFor(row, price.priceOre);
    return { code: row.code, courseId: item.id, priceOre: price.priceOre - discountOre, discountOre };
  }

  /**
   * In the transaction that creates the order: the code checked for the course now (its paid uses
   * included), nothing held. 400 CAMPAIGN_CODE_UNUSABLE when it cannot be used.
   */
  async checkFor(
    m: EntityManager,
    rawCode: unknown,
    courseId: string,
  ): Promise<{ code: string; discountOn: (baseOre: number) => number }> {
    const code = parseCode(rawCode);
    const row = await m.findOneBy(CampaignCode, { code });
    if (!row || !usableNow(row, courseId, this.clock.now()))
      throw new AppError(HttpStatus.BAD_REQUEST, CAMPAIGN_CODE_UNUSABLE, MSG.campaignCodeUnusable);
    return { code: row.code, discountOn: (baseOre) => discountFor(row, baseOre) };
  }

  /** In the transaction that marks an order paid: one use counted, unless the limit is reached (false). */
  async countUse(m: EntityManager, code: string): Promise<boolean> {
    const esc = (c: string) => m.connection.driver.escape(c);
    const res = await m
      .createQueryBuilder()
      .update(CampaignCode)
      .set({ uses: () => `${esc('uses')} + 1`, updatedAt: this.clock.now() })
      .where(`code = :code AND (${esc('maxUses')} IS NULL OR ${esc('uses')} < ${esc('maxUses')})`, { code })
      .execute();
    return res.affected === 1;
  }

  // ---- the admin panel (writes take the caller's transaction, which audits them)

  /** One page of the admin list ({@link CAMPAIGN_CODES_LIST}). */
  list(params: ListParams): Promise<ListResult<CampaignCode>> {
    return runList(this.codes.createQueryBuilder('code'), params, CAMPAIGN_CODES_LIST);
  }

  /** Whether a code (in its normal form) exists, whatever its state: a partner's codes are named by it. */
  exists(code: string, m: EntityManager): Promise<boolean> {
    return m.getRepository(CampaignCode).existsBy({ code: normalizeCampaignCode(code) });
  }

  find(id: number, m?: EntityManager): Promise<CampaignCode | null> {
    return (m ? m.getRepository(CampaignCode) : this.codes).findOneBy({ id });
  }

  async create(input: CampaignCodeInput, m: EntityManager): Promise<CampaignCode> {
    const row = checked({ ...input, code: normalizeCampaignCode(input.code) });
    const repo = m.getRepository(CampaignCode);
    if (await repo.existsBy({ code: row.code })) throw conflict(MSG.campaignCodeExists);
    const now = this.clock.now();
    try {
      return await repo.save(repo.create({ ...row, uses: 0, createdAt: now, updatedAt: now }));
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(MSG.campaignCodeExists);
      throw err;
    }
  }

  /** The row after the change; the caller has read `before` in the same transaction. */
  async update(before: CampaignCode, changes: Partial<CampaignCodeInput>, m: EntityManager): Promise<CampaignCode> {
    const next = checked({
      code: changes.code !== undefined ? normalizeCampaignCode(changes.code) : before.code,
      percentOff: changes.percentOff !== undefined ? changes.percentOff : before.percentOff,
      amountOffOre: changes.amountOffOre !== undefined ? changes.amountOffOre : before.amountOffOre,
      courseIds: changes.courseIds ?? before.courseIds,
      validFrom: changes.validFrom !== undefined ? changes.validFrom : before.validFrom,
      validTo: changes.validTo !== undefined ? changes.validTo : before.validTo,
      maxUses: changes.maxUses !== undefined ? changes.maxUses : before.maxUses,
      active: changes.active ?? before.active,
    });
    const repo = m.getRepository(CampaignCode);
    if (next.code !== before.code && (await repo.existsBy({ code: next.code }))) throw conflict(MSG.campaignCodeExists);
    try {
      await repo.update({ id: before.id }, { ...next, updatedAt: this.clock.now() });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(MSG.campaignCodeExists);
      throw err;
    }
    return repo.findOneByOrFail({ id: before.id });
  }

  /** Only a code no paid order has used; a used one is switched off instead (orders name it). */
  async remove(row: CampaignCode, m: EntityManager): Promise<void> {
    if (row.uses > 0) throw conflict(MSG.campaignCodeInUse);
    await m.getRepository(CampaignCode).delete({ id: row.id });
  }
}

/** The error code of every answer about a code that cannot be used now. */
export const CAMPAIGN_CODE_UNUSABLE = 'CAMPAIGN_CODE_UNUSABLE';

/** Whether the code can be used for the course now: active, for the course, within its dates, a paid use left. */
function usableNow(row: CampaignCode, courseId: string, now: Date): boolean {
  return (
    row.active &&
    Array.isArray(row.courseIds) &&
    row.courseIds.includes(courseId) &&
    !(row.validFrom && now.getTime() < row.validFrom.getTime()) &&
    !(row.validTo && now.getTime() >= row.validTo.getTime()) &&
    !(row.maxUses !== null && row.uses >= row.maxUses)
  );
}

/** A code from the URL or the body in its normal form; 400 when it cannot be a code at all. */
function parseCode(raw: unknown): string {
  if (typeof raw !== 'string' || !CAMPAIGN_CODE_PATTERN.test(raw.trim()))
    throw badRequest(MSG.campaignCodeInvalid, 'VALIDATION_FAILED');
  return normalizeCampaignCode(raw);
}

/** The rules that span fields: one kind of discount, known courses, from before to. */
function checked(input: CampaignCodeInput): CampaignCodeInput {
  if (!CAMPAIGN_CODE_PATTERN.test(input.code)) throw badRequest(MSG.campaignCodeInvalid, 'VALIDATION_FAILED');
  if ((input.percentOff === null) === (input.amountOffOre === null))
    throw badRequest(MSG.campaignCodeDiscount, 'VALIDATION_FAILED');
  const courseIds = [...new Set(input.courseIds)];
  if (courseIds.length === 0 || !courseIds.every((id) => CODE_COURSE_IDS.includes(id)))
    throw badRequest(MSG.campaignCodeCourses, 'VALIDATION_FAILED');
  if (input.validFrom && input.validTo && input.validFrom.getTime() >= input.validTo.getTime())
    throw badRequest(MSG.campaignCodeDates, 'VALIDATION_FAILED');
  return { ...input, courseIds };
}
