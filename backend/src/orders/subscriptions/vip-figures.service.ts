import { InjectRepository } from '@nestjs/typeorm';
import { Injectable } from '@nestjs/common';
import { Repository } from 'typeorm';
import type { AdminVipFigures, AdminVipMethodFigures, RenewalMethod, VipListFilter } from '@academy/contracts';
import { Subscription } from '../entities/subscription.entity';

const DAY_MS = 86_400_000;

/** The instants the VIP figures are counted at, as named parameters (`:vipNow` …), the same for the figures and their lists. */
export function vipParams(now: Date): Record<string, Date> {
  const t = now.getTime();
  return {
    vipNow: now,
    vipIn30: new Date(t + 30 * DAY_MS),
    vipAgo30: new Date(t - 30 * DAY_MS),
    vipAgo365: new Date(t - 365 * DAY_MS),
  };
}

const RENEWING = `(s.status IN ('active', 'past_due') AND s.cancelAtPeriodEnd = 0 AND s.userId IS NOT NULL)`;

/**
 * Each figure's rule on a `subscriptions s` row (docs/decisions.md "VIP figures"): renewing (running,
 * not cancelled), due in 30 days, a failed renewal in its grace, ended in the last 30 / 365 days.
 * The order list's `vip` filter uses the same rules, so each list has as many rows as its figure.
 */
export const VIP_CONDITIONS: Record<VipListFilter, string> = {
  renewing: RENEWING,
  due30: `(${RENEWING} AND s.currentPeriodEnd >= :vipNow AND s.currentPeriodEnd <= :vipIn30)`,
  grace: `(s.status = 'past_due' AND s.graceEndsAt >= :vipNow)`,
  ended30: `(s.status = 'ended' AND s.endedAt >= :vipAgo30)`,
  ended365: `(s.status = 'ended' AND s.endedAt >= :vipAgo365)`,
};

/** Running when the window began: started before it and not ended before it. */
const RUNNING_AT = (p: string) => `(s.status <> 'pending' AND s.createdAt < :${p} AND (s.endedAt IS NULL OR s.endedAt >= :${p}))`;

const count = (cond: string) => `SUM(CASE WHEN ${cond} THEN 1 ELSE 0 END)`;
const sumPrice = (cond: string) => `SUM(CASE WHEN ${cond} THEN s.priceOre ELSE 0 END)`;
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((1000 * part) / whole) / 10 : 0);

interface MethodRow {
  method: RenewalMethod;
  renewing: number;
  renewingOre: number;
  due: number;
  dueOre: number;
  grace: number;
  ended30: number;
  ended365: number;
  base30: number;
  base365: number;
}

const ZERO: Omit<MethodRow, 'method'> = {
  renewing: 0,
  renewingOre: 0,
  due: 0,
  dueOre: 0,
  grace: 0,
  ended30: 0,
  ended365: 0,
  base30: 0,
  base365: 0,
};

function figuresOf(r: Omit<MethodRow, 'method'>): AdminVipMethodFigures {
  return {
    renewing: r.renewing,
    // Monthly recurring revenue: the yearly prices of the renewing memberships divided by 12.
    mrrOre: Math.round(r.renewingOre / 12),
    dueIn30Days: r.due,
    dueIn30DaysOre: r.dueOre,
    inGrace: r.grace,
    ended30Days: r.ended30,
    ended365Days: r.ended365,
    // Churn: memberships ended in the window as a share of those running when it began.
    churn30Percent: percent(r.ended30, r.base30),
    churn365Percent: percent(r.ended365, r.base365),
  };
}

/** The overview's VIP figures at `now`: one grouped query over `subscriptions` (a few rows per member). */
@Injectable()
export class VipFigures {
  constructor(@InjectRepository(Subscription) private readonly subs: Repository<Subscription>) {}

  async at(now: Date): Promise<AdminVipFigures> {
    const raw = await this.subs
      .createQueryBuilder('s')
      .select('s.method', 'method')
      .addSelect(count(VIP_CONDITIONS.renewing), 'renewing')
      .addSelect(sumPrice(VIP_CONDITIONS.renewing), 'renewingOre')
      .addSelect(count(VIP_CONDITIONS.due30), 'due')
      .addSelect(sumPrice(VIP_CONDITIONS.due30), 'dueOre')
      .addSelect(count(VIP_CONDITIONS.grace), 'grace')
      .addSelect(count(VIP_CONDITIONS.ended30), 'ended30')
      .addSelect(count(VIP_CONDITIONS.ended365), 'ended365')
      .addSelect(count(RUNNING_AT('vipAgo30')), 'base30')
      .addSelect(count(RUNNING_AT('vipAgo365')), 'base365')
      .where(`s.status <> 'pending'`)
      .groupBy('s.method')
      .setParameters(vipParams(now))
      .getRawMany<Record<string, string | number | null>>();
    const rows = new Map<RenewalMethod, Omit<MethodRow, 'method'>>();
    for (const r of raw) {
      const row = { ...ZERO };
      for (const k of Object.keys(ZERO) as Array<keyof typeof ZERO>) row[k] = Number(r[k] ?? 0);
      rows.set(r.method as RenewalMethod, row);
    }
    const card = rows.get('card') ?? ZERO;
    const vipps = rows.get('vipps') ?? ZERO;
    const total = Object.fromEntries((Object.keys(ZERO) as Array<keyof typeof ZERO>).map((k) => [k, card[k] + vipps[k]])) as Omit<
      MethodRow,
      'method'
    >;
    return { ...figuresOf(total), byMethod: { card: figuresOf(card), vipps: figuresOf(vipps) } };
  }
}
