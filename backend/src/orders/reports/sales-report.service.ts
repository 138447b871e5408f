import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Between, DataSource, In, MoreThan } from 'typeorm';
import {
  MSG,
  SAFT_TAX_CODE,
  type FikenPeriodSummary,
  type PaymentMethod,
  type SaftTaxCode,
  type SalesReportResponse,
  type SalesReportRow,
} from '@academy/contracts';
import { CATALOG_SEED } from '../../catalog/catalog.data';
import { CatalogContentService } from '../../catalog/catalog-content.service';
import { APP_CONFIG, AppConfig } from '../../platform/config';
import { badRequest } from '../../platform/errors/app-error';
import { osloDate, osloDayEnd, osloDayStart, osloOffsetSpans } from '../../platform/time/oslo-time';
import { FikenPosting } from '../entities/fiken-posting.entity';
import { Order } from '../entities/order.entity';
import { Receipt } from '../entities/receipt.entity';
import { linesOf } from '../receipts/receipts.service';

/** Documents read per query: the CSV streams batch by batch. */
export const REPORT_BATCH = 1000;
const MAX_DAYS = 366;

export interface ReportPeriod {
  from: string;
  to: string;
  start: Date;
  end: Date;
}

/**
 * The accountant's report (docs/decisions.md "MVA"): every receipt and credit note issued in an Oslo
 * period, one row per line with its SAF-T standard tax code, the provider and Stripe's fee; totals per
 * tax code and per provider, the numbers the MVA return and the payout matching need.
 */
@Injectable()
export class SalesReportService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly content: CatalogContentService,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  /** `from` and `to` as Oslo dates (inclusive), at most 366 days; 400 otherwise. Neither: this Oslo month. */
  period(from: unknown, to: unknown, now = new Date()): ReportPeriod {
    if (from === undefined && to === undefined) {
      const today = osloDate(now);
      const [y, m] = today.split('-').map(Number);
      const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
      from = `${today.slice(0, 7)}-01`;
      to = `${today.slice(0, 7)}-${String(last).padStart(2, '0')}`;
    }
    const start = typeof from === 'string' ? osloDayStart(from) : null;
    const end = typeof to === 'string' ? osloDayEnd(to) : null;
    if (!start || !end || end <= start || end.getTime() - start.getTime() > (MAX_DAYS + 1) * 86400_000)
      throw badRequest(MSG.reportPeriodInvalid, 'VALIDATION_FAILED');
    return { from: from as string, to: to as string, start, end };
  }

  /** The period's rows, batch by batch in number order. */
  async *batches(p: ReportPeriod): AsyncGenerator<SalesReportRow[]> {
    const titles = await this.courseTitles();
    const dateOf = osloDateIn(p);
    let after = 0;
    for (;;) {
      const docs = await this.ds.getRepository(Receipt).find({
        select: REPORT_COLUMNS,
        where: { issuedAt: Between(p.start, new Date(p.end.getTime() - 1)), number: MoreThan(after) },
        order: { number: 'ASC' },
        take: REPORT_BATCH,
      });
      if (!docs.length) return;
      after = docs[docs.length - 1].number;
      const orders = await this.ds.getRepository(Order).find({
        select: {
          id: true,
          firstName: true,
          lastName: true,
          anonymisedAt: true,
          courseId: true,
          paymentMethod: true,
          stripeFeeOre: true,
        },
        where: { id: In([...new Set(docs.map((d) => d.orderId))]) },
      });
      const byId = new Map(orders.map((o) => [o.id, o]));
      const postings = await this.ds.getRepository(FikenPosting).find({
        select: { receiptId: true, state: true, lastError: true, attempts: true, fikenSaleId: true },
        where: { receiptId: In(docs.map((d) => d.id)) },
      });
      const postingOf = new Map(postings.map((f) => [f.receiptId, f]));
      yield docs.flatMap((d) => {
        const f = postingOf.get(d.id);
        const fiken = f ? { state: f.state, error: f.lastError, attempts: f.attempts, fikenSaleId: f.fikenSaleId } : null;
        return rowsOf(d, byId.get(d.orderId), titles, dateOf).map((r) => ({ ...r, fiken }));
      });
      if (docs.length < REPORT_BATCH) return;
    }
  }

  async report(p: ReportPeriod): Promise<SalesReportResponse> {
    const rows: SalesReportRow[] = [];
    for await (const batch of this.batches(p)) rows.push(...batch);
    return { from: p.from, to: p.to, rows, totals: totalsOf(rows), fiken: this.fikenSummary(rows) };
  }

  /** The period's documents in Fiken, counted per document. */
  private fikenSummary(rows: SalesReportRow[]): FikenPeriodSummary {
    const summary: FikenPeriodSummary = { configured: !!this.cfg.fiken, waiting: 0, posted: 0, failed: 0, notQueued: 0 };
    const seen = new Set<number>();
    for (const r of rows) {
      if (seen.has(r.number)) continue;
      seen.add(r.number);
      if (r.fiken) summary[r.fiken.state] += 1;
      else summary.notQueued += 1;
    }
    return summary;
  }

  private async courseTitles(): Promise<Map<string, string>> {
    const map = new Map<string, string>(CATALOG_SEED.map((c) => [c.id, c.title]));
    for (const c of await this.content.courseTitles()) map.set(c.id, c.title);
    return map;
  }
}

/** What a row needs of a document (the seller's texts and the description stay in the table). */
const REPORT_COLUMNS = {
  id: true,
  number: true,
  kind: true,
  orderId: true,
  refersToNumber: true,
  issuedAt: true,
  amountExclVatOre: true,
  vatOre: true,
  vatRatePercent: true,
  vatLines: true,
  totalOre: true,
  sellerVatRegistered: true,
} as const;

/**
 * The Oslo date of an instant of the period, from the period's UTC offsets (Oslo changes its clocks
 * on whole UTC hours): one Intl reading per day of the period instead of one per row, which at a
 * year's volume was a quarter of the report's time (bench/scale-results.md "Sales report").
 */
export function osloDateIn(p: Pick<ReportPeriod, 'start' | 'end'>): (d: Date) => string {
  const spans = osloOffsetSpans(p.start, p.end).map((s) => ({ from: s.from.getTime(), ms: s.offsetHours * 3_600_000 }));
  return (d) => {
    const t = d.getTime();
    if (t < spans[0].from || t >= p.end.getTime()) return osloDate(d);
    let ms = spans[0].ms;
    for (const s of spans) if (t >= s.from) ms = s.ms;
    return new Date(t + ms).toISOString().slice(0, 10);
  };
}

type OrderFacts = Pick<Order, 'firstName' | 'lastName' | 'anonymisedAt' | 'courseId' | 'paymentMethod' | 'stripeFeeOre'>;

/** A document's rows: one per line, a credit note's amounts negative; Stripe's fee on a receipt's first row. */
export function rowsOf(
  d: Receipt,
  o: OrderFacts | undefined,
  titles: Map<string, string>,
  dateOf: (d: Date) => string = osloDate,
): SalesReportRow[] {
  const sign = d.kind === 'credit_note' ? -1 : 1;
  const buyer = !o || o.anonymisedAt ? null : `${o.firstName ?? ''} ${o.lastName ?? ''}`.trim() || null;
  const courseId = o?.courseId ?? '';
  return linesOf(d).map((l, i) => ({
    receiptId: d.id,
    number: d.number,
    kind: d.kind,
    issuedAt: d.issuedAt.toISOString(),
    date: dateOf(d.issuedAt),
    orderId: d.orderId,
    refersToNumber: d.refersToNumber,
    buyer,
    course: titles.get(courseId) ?? courseId,
    provider: (o?.paymentMethod ?? 'card') as PaymentMethod,
    taxCode: d.sellerVatRegistered === false ? SAFT_TAX_CODE.not_registered : SAFT_TAX_CODE[l.treatment],
    grossOre: sign * l.totalOre,
    netOre: sign * l.amountExclVatOre,
    vatOre: sign * l.vatOre,
    stripeFeeOre: d.kind === 'receipt' && i === 0 && o?.stripeFeeOre != null ? Number(o.stripeFeeOre) : null,
    fiken: null,
  }));
}

export function totalsOf(rows: SalesReportRow[]): SalesReportResponse['totals'] {
  const codes = new Map<SaftTaxCode, { taxCode: SaftTaxCode; grossOre: number; netOre: number; vatOre: number }>();
  const providers = new Map<
    PaymentMethod,
    { provider: PaymentMethod; grossOre: number; stripeFeeOre: number; documents: number }
  >();
  const seen = new Set<string>();
  const totals = { grossOre: 0, netOre: 0, vatOre: 0, stripeFeeOre: 0 };
  for (const r of rows) {
    const c = codes.get(r.taxCode) ?? { taxCode: r.taxCode, grossOre: 0, netOre: 0, vatOre: 0 };
    c.grossOre += r.grossOre;
    c.netOre += r.netOre;
    c.vatOre += r.vatOre;
    codes.set(r.taxCode, c);
    const p = providers.get(r.provider) ?? { provider: r.provider, grossOre: 0, stripeFeeOre: 0, documents: 0 };
    p.grossOre += r.grossOre;
    p.stripeFeeOre += r.stripeFeeOre ?? 0;
    if (!seen.has(`${r.number}`)) {
      seen.add(`${r.number}`);
      p.documents += 1;
    }
    providers.set(r.provider, p);
    totals.grossOre += r.grossOre;
    totals.netOre += r.netOre;
    totals.vatOre += r.vatOre;
    totals.stripeFeeOre += r.stripeFeeOre ?? 0;
  }
  return {
    ...totals,
    byTaxCode: [...codes.values()].sort((a, b) => Number(a.taxCode) - Number(b.taxCode)),
    byProvider: [...providers.values()].sort((a, b) => a.provider.localeCompare(b.provider)),
  };
}
