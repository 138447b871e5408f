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
import { UserRecordsService } from '../../identity/user-records.service';
import { LeadsService } from '../../leads/leads.service';
import { OrderRecordsService } from '../../orders/order-records.service';
import { singleParam } from '../../platform/list/list-query';
import { toAdminOrder } from '../common/mappers';
import { AdminLeadsService } from '../leads/admin-leads.service';
import { daysBetween, isoWeekLabel, osloDate, osloDayEnd, osloDayStart, weekStart } from '../../platform/time/oslo-time';

export const STATS_MAX_DAYS = 366;
const DEFAULT_DAYS = 30;
const CHUNK = 500;
const LATEST = 10;

function variantOf(source: string | null | undefined): StatsVariant {
  return source && (STATS_VARIANTS as readonly string[]).includes(source) && source !== 'ukjent'
    ? (source as StatsVariant)
    : 'ukjent';
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * The dashboard: leads per day and variant, the funnel lead → account → purchase per variant,
 * money per week, newest leads and orders. Rows are fetched with plain portable queries and
 * grouped by Oslo day and week here, so MySQL and SQLite give the same answer.
 */
@Injectable()
export class AdminStatsService {
  constructor(
    private readonly adminLeads: AdminLeadsService,
    private readonly leads: LeadsService,
    private readonly users: UserRecordsService,
    private readonly orders: OrderRecordsService,
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

    const leads = await this.leads.createdBetween(start, end);

    // Leads per Oslo day and variant.
    const days = daysBetween(from, to);
    const perDay = new Map<string, LeadsPerDay>(
      days.map((date) => [date, { date, ...Object.fromEntries(STATS_VARIANTS.map((v) => [v, 0])) } as LeadsPerDay]),
    );
    for (const l of leads) {
      const row = perDay.get(osloDate(l.createdAt));
      if (row) row[variantOf(l.attribution?.trafficSource)]++;
    }

    // Funnel: distinct e-mails with a lead in the period → with an account → with a paid order, each
    // person counted under one variant, their first touch (DECISIONS "Attribution"): the account's
    // (taken from the person's earliest lead when it was made), else the earliest lead's with a variant.
    const allEmails = [...new Set(leads.map((l) => l.email))];
    const accountByEmail = new Map<string, number>();
    const personVariant = new Map<string, string>();
    for (const part of chunks(allEmails)) {
      const firstLead = await this.leads.firstVariantByEmail(part);
      for (const [email, source] of firstLead) personVariant.set(email, source);
      for (const [email, account] of await this.users.accountsByEmail(part)) {
        accountByEmail.set(email, account.id);
        if (account.trafficSource) personVariant.set(email, account.trafficSource);
      }
    }
    for (const l of leads) if (l.userId !== null && !accountByEmail.has(l.email)) accountByEmail.set(l.email, l.userId);
    const emailsByVariant = new Map<StatsVariant, Set<string>>(STATS_VARIANTS.map((v) => [v, new Set<string>()]));
    for (const email of allEmails) emailsByVariant.get(variantOf(personVariant.get(email)))!.add(email);
    const buyers = new Set<string>();
    for (const part of chunks(allEmails)) {
      for (const o of await this.orders.buyers(part, [])) buyers.add(o.email);
    }
    const emailByUser = new Map([...accountByEmail].map(([e, id]) => [id, e]));
    for (const part of chunks([...emailByUser.keys()])) {
      for (const o of await this.orders.buyers([], part)) if (o.userId !== null) buyers.add(emailByUser.get(o.userId)!);
    }

    // Money: orders paid in the period (by payment time), refunds made in the period.
    const paidOrders = await this.orders.paidBetween(start, end);
    const refunds = await this.orders.refundsBetween(start, end);

    const revenueByVariant = new Map<StatsVariant, number>();
    const weeks = new Map<string, WeekMoney>();
    for (const day of days) {
      const ws = weekStart(day);
      if (!weeks.has(ws)) weeks.set(ws, { weekStart: ws, week: isoWeekLabel(ws), revenueOre: 0, refundsOre: 0, orders: 0 });
    }
    for (const o of paidOrders) {
      const v = variantOf(o.attribution?.trafficSource);
      revenueByVariant.set(v, (revenueByVariant.get(v) ?? 0) + o.amountOre);
      const w = weeks.get(weekStart(osloDate(o.paidAt ?? o.createdAt)));
      if (w) {
        w.revenueOre += o.amountOre;
        w.orders++;
      }
    }
    for (const r of refunds) {
      const w = weeks.get(weekStart(osloDate(r.createdAt)));
      if (w) w.refundsOre += r.amountOre;
    }

    const funnel: FunnelRow[] = STATS_VARIANTS.map((variant) => {
      const emails = [...emailsByVariant.get(variant)!];
      return {
        variant,
        leads: emails.length,
        accounts: emails.filter((e) => accountByEmail.has(e)).length,
        buyers: emails.filter((e) => buyers.has(e)).length,
        revenueOre: revenueByVariant.get(variant) ?? 0,
      };
    });

    const latestLeadRows = await this.leads.latest(LATEST);
    const latestOrderRows = await this.orders.latest(LATEST);
    const now = new Date();
    return {
      from,
      to,
      leadsPerDay: [...perDay.values()],
      funnel,
      revenuePerWeek: [...weeks.values()],
      totals: {
        leads: allEmails.length,
        accounts: allEmails.filter((e) => accountByEmail.has(e)).length,
        buyers: allEmails.filter((e) => buyers.has(e)).length,
        revenueOre: paidOrders.reduce((s, o) => s + o.amountOre, 0),
        refundsOre: refunds.reduce((s, r) => s + r.amountOre, 0),
      },
      latestLeads: await this.adminLeads.decorate(latestLeadRows),
      latestOrders: latestOrderRows.map((o) => toAdminOrder(o, now)),
    };
  }
}
