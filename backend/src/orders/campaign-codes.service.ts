import { Injectable } from '@nestjs/common';
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
import { CATALOG_SEED } from '../catalog/catalog.data';
import { LaunchSeatsService } from '../catalog/launch-seats.service';
import { badRequest, conflict, notFound } from '../platform/errors/app-error';
import { isUniqueViolation } from '../platform/errors/db-errors';
import { runList, type ListParams, type ListResult, type ListSpec } from '../platform/list/list-query';
import { Clock } from '../platform/time/clock';
import { CampaignCode } from './entities/campaign-code.entity';
import { Order } from './entities/order.entity';

/**
 * A checkout with a code holds one of the code's uses while it can still be paid (its expiresAt), plus
 * this margin for Stripe's and our clocks and a late webhook.
 */
export const RESERVATION_MARGIN_MS = 5 * 60_000;

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

/** The quote of a code for one course: what it takes off `baseOre`, never below the minimum price. */
export function discountFor(code: Pick<CampaignCode, 'percentOff' | 'amountOffOre'>, baseOre: number): number {
  const raw = code.percentOff !== null ? Math.round((baseOre * code.percentOff) / 100) : (code.amountOffOre ?? 0);
  return Math.max(0, Math.min(raw, baseOre - MIN_DISCOUNTED_PRICE_ORE));
}

/** Courses a code can be made for: those sold by checkout. */
export const CODE_COURSE_IDS: readonly string[] = CATALOG_SEED.filter((c) => c.soldByCheckout).map((c) => c.id);

/**
 * Campaign codes: the server validates and prices them (never the client).
 *
 * Uses are counted only for paid orders, in the transaction that marks the order paid, with a
 * conditional UPDATE (`uses < maxUses`), so concurrent payments can never count past the limit. So that
 * no more buyers can *pay* with a limited code than it has uses left, a checkout with the code holds a
 * use while it can be paid: opening it locks the code's row, counts the paid uses plus the open
 * checkouts with the code (pending, not expired) and refuses when that reaches maxUses. A Stripe
 * payment that still loses the race at payment (its checkout expired at us but not at Stripe) keeps
 * the price it paid and is logged; it is not counted past the limit. A refund does not give a use back.
 */
@Injectable()
export class CampaignCodesService {
  constructor(
    @InjectRepository(CampaignCode) private readonly codes: Repository<CampaignCode>,
    private readonly launch: LaunchSeatsService,
    private readonly clock: Clock,
  ) {}

  /** GET /api/campaign-codes/:code?courseId=: the price with the code, or 404 with the reason. */
  async quote(rawCode: unknown, courseId: unknown): Promise<CampaignCodeQuote> {
    const code = parseCode(rawCode);
    if (typeof courseId !== 'string' || courseId === '') throw badRequest(MSG.campaignCodeCourseRequired, 'VALIDATION_FAILED');
    const item = isCheckoutCourseId(courseId) ? CATALOG_SEED.find((c) => c.id === courseId && c.soldByCheckout) : undefined;
    if (!item) throw badRequest(MSG.invalidCourseId, 'INVALID_COURSE');
    const row = await this.codes.findOneBy({ code });
    const problem = this.problem(row, item.id, this.clock.now());
    if (problem || !row) throw notFound(problem ?? MSG.campaignCodeNotFound);
    const price = await this.launch.priceNow(item);
    const discountOre = discountFor(row, price.priceOre);
    return { code: row.code, courseId: item.id, priceOre: price.priceOre - discountOre, discountOre };
  }

  /**
   * In the transaction that creates the order, before anything else: the code checked for the course
   * and one of its uses held (see the class comment). 400 with the reason when it cannot be used.
   */
  async reserveFor(
    m: EntityManager,
    rawCode: unknown,
    courseId: string,
  ): Promise<{ code: string; discountOn: (baseOre: number) => number }> {
    const code = parseCode(rawCode);
    const now = this.clock.now();
    // Locks the code's row until commit (MySQL); SQLite runs the transaction alone. Must come first.
    const uses = m.connection.driver.escape('uses');
    await m
      .createQueryBuilder()
      .update(CampaignCode)
      .set({ uses: () => uses })
      .where('code = :code', { code })
      .execute();
    const row = await m.findOneBy(CampaignCode, { code });
    const problem = this.problem(row, courseId, now);
    if (problem || !row) throw badRequest(problem ?? MSG.campaignCodeNotFound, 'VALIDATION_FAILED');
    if (row.maxUses !== null) {
      const open = await m
        .createQueryBuilder(Order, 'ord')
        .where('ord.campaignCode = :code AND ord.status = :pending AND ord.expiresAt > :since', {
          code,
          pending: 'pending',
          since: new Date(now.getTime() - RESERVATION_MARGIN_MS),
        })
        .getCount();
      if (row.uses + open >= row.maxUses) throw badRequest(MSG.campaignCodeUsedUp, 'VALIDATION_FAILED');
    }
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

  /** Why the code cannot be used for the course now, or null when it can (the use limit aside). */
  private problem(row: CampaignCode | null, courseId: string, now: Date): string | null {
    if (!row) return MSG.campaignCodeNotFound;
    if (!row.active) return MSG.campaignCodeInactive;
    if (!Array.isArray(row.courseIds) || !row.courseIds.includes(courseId)) return MSG.campaignCodeNotForCourse;
    if (row.validFrom && now.getTime() < row.validFrom.getTime()) return MSG.campaignCodeNotYet;
    if (row.validTo && now.getTime() >= row.validTo.getTime()) return MSG.campaignCodeExpired;
    if (row.maxUses !== null && row.uses >= row.maxUses) return MSG.campaignCodeUsedUp;
    return null;
  }

  // ---- the admin panel (writes take the caller's transaction, which audits them)

  /** One page of the admin list (alias `code`). */
  list(params: ListParams, spec: ListSpec<CampaignCode>): Promise<ListResult<CampaignCode>> {
    return runList(this.codes.createQueryBuilder('code'), params, spec);
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
