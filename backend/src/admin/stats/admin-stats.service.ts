import { Injectable } from '@nestjs/common';
import {
  MSG,
  STATS_VARIANTS,
  type AdminStats,
  type FunnelRow,
  type LeadsPerDay,
  type StatsVariant,
  type WeekMoney,
} from '@academy/contracts';
import { badRequest } from '../../platform/errors/app-error';
import { LeadStatisticsService } from '../../leads/lead-statistics.service';
import { LeadsService } from '../../leads/leads.service';
import { OrderRecordsService } from '../../orders/order-records.service';
import { SubscriptionRecords } from '../../orders/subscriptions/subscription-records.service';
import { Clock } from '../../platform/time/clock';
import { singleParam } from '../../platform/list/list-query';
import { toAdminOrder } from '../common/mappers';
import { AdminLeadsService } from '../leads/admin-leads.service';
import { AdminRetentionStats } from './admin-retention-stats';
import {
  dayOfNumber,
  daysBetween,
  isoWeekLabel,
  osloDate,
  osloDayEnd,
  osloDayStart,
  weekStart,
} from '../../platform/time/oslo-time';

export const STATS_MAX_DAYS = 366;
const DEFAULT_DAYS = 30;
const LATEST = 10;

function variantOf(source: string | null | undefined): StatsVariant {
  return source && (STATS_VARIANTS as readonly string[]).includes(source) && source !== 'ukjent'
    ? (source as StatsVariant)
    : 'ukjent';
}

/**
 * The dashboard: leads per day and variant, the funnel lead → account → purchase per variant,
 * money per week, newest leads and orders. Leads, the funnel and the money are counted in SQL (per
 * Oslo day, on both dialects); the days are put into Oslo weeks here.
 */
@Injectable()
export class AdminStatsService {
  constructor(
    private readonly adminLeads: AdminLeadsService,
    private readonly leads: LeadsService,
    private readonly leadStatistics: LeadStatisticsService,
    private readonly orders: OrderRecordsService,
    private readonly subscriptions: SubscriptionRecords,
    private readonly clock: Clock,
    private readonly retention: AdminRetentionStats,
  ) {}

  /** `from`/`to` as Oslo days (`YYYY-MM-DD`), both included; the last 30 days by default, at most 366. */
  parsePeriod(query: Record<string, unknown>, today = osloDate(new Date())): { from: string; to: string } {
    const to = singleParam(query, 'to') || today;
    if (!osloDayStart(to)) throw badRequest(MSG.statsDate('to'));
    const from =
      singleParam(query, 'from') ||
      new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    if (!osloDayStart(from)) throw badRequest(MSG.statsDate('from'));
    if (from > to) throw badRequest(MSG.statsFromAfterTo);
    if (daysBetween(from, to).length > STATS_MAX_DAYS) throw badRequest(MSG.statsMaxDays(STATS_MAX_DAYS));
    return { from, to };
  }

  async stats(query: Record<string, unknown>): Promise<AdminStats> {
    const { from, to } = this.parsePeriod(query);
    const start = osloDayStart(from)!;
    const end = new Date(osloDayEnd(to)!.getTime() - 1);

    // Leads per Oslo day and variant, counted in SQL (LeadStatisticsService.countsPerDay).
    const days = daysBetween(from, to);
    const perDay = new Map<string, LeadsPerDay>(
      days.map((date) => [date, { date, ...Object.fromEntries(STATS_VARIANTS.map((v) => [v, 0])) } as LeadsPerDay]),
    );
    // One statement at a time: side by side they took no less time on the busy 2-core machine, and
    // held up to six of the pool's connections for one request (docs/performance.md).
    const leadDays = await this.leadStatistics.countsPerDay(start, end);
    const funnelRows = await this.leadStatistics.funnel(start, end);
    const money = await this.orders.moneyPerDay(start, end);
    const latestLeadRows = await this.leads.latest(LATEST);
    const latestOrderRows = await this.orders.latest(LATEST);
    // Automatic renewals as they are now (the period does not apply): renewing, due, ended lately.
    const subscriptions = await this.subscriptions.counts(this.clock.now());
    for (const d of leadDays) {
      const row = perDay.get(dayOfNumber(d.day));
      if (row) row[variantOf(d.variant)] += d.n;
    }

    // Funnel: distinct e-mails with a lead in the period → with an account → with a paid order, each
    // person counted under one variant, their first touch (docs/decisions.md "Attribution"): the account's
    // (taken from the person's earliest lead when it was made), else the earliest lead's with a variant.
    // Counted in SQL on the per-address rows lead_addresses (LeadStatisticsService.funnel).
    // A buyer without a lead counts too (a purchase is a contact), and the money of the period is
    // attributed to each buyer's variant by the same rule, so «Kjøp» and «Omsetning» agree.
    const byVariant = new Map<StatsVariant, { leads: number; accounts: number; buyers: number; revenueOre: number }>(
      STATS_VARIANTS.map((v) => [v, { leads: 0, accounts: 0, buyers: 0, revenueOre: 0 }]),
    );
    for (const r of funnelRows) {
      const acc = byVariant.get(variantOf(r.variant))!;
      acc.leads += r.leads;
      acc.accounts += r.accounts;
      acc.buyers += r.buyers;
      acc.revenueOre += r.revenueOre;
    }

    // Money: orders paid in the period (by payment time), refunds made in the period, per Oslo day in SQL.
    const weeks = new Map<string, WeekMoney>();
    for (const day of days) {
      const ws = weekStart(day);
      if (!weeks.has(ws)) weeks.set(ws, { weekStart: ws, week: isoWeekLabel(ws), revenueOre: 0, refundsOre: 0, orders: 0 });
    }
    let revenueOre = 0;
    let refundsOre = 0;
    for (const p of money.paid) {
      revenueOre += p.amountOre;
      const w = weeks.get(weekStart(dayOfNumber(p.day)));
      if (w) {
        w.revenueOre += p.amountOre;
        w.orders += p.orders;
      }
    }
    for (const r of money.refunds) {
      refundsOre += r.amountOre;
      const w = weeks.get(weekStart(dayOfNumber(r.day)));
      if (w) w.refundsOre += r.amountOre;
    }

    const funnel: FunnelRow[] = STATS_VARIANTS.map((variant) => ({ variant, ...byVariant.get(variant)! }));
    const sum = (k: 'leads' | 'accounts' | 'buyers') => funnel.reduce((n, r) => n + r[k], 0);

    const now = new Date();
    return {
      from,
      to,
      leadsPerDay: [...perDay.values()],
      funnel,
      revenuePerWeek: [...weeks.values()],
      totals: {
        leads: sum('leads'),
        accounts: sum('accounts'),
        buyers: sum('buyers'),
        revenueOre,
        refundsOre,
      },
      latestLeads: await this.adminLeads.decorate(latestLeadRows),
      latestOrders: latestOrderRows.map((o) => toAdminOrder(o, now)),
      subscriptions,
      // VIP figures now, and the reminders of checkouts started in the period (AdminRetentionStats).
      ...(await this.retention.figures(this.clock.now(), start, end)),
    };
  }
}
