import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityMetadata } from 'typeorm';
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

  /**
   * The period's rows, batch by batch in number order: one statement per batch (the documents with
   * their order's and Fiken posting's columns), read raw and converted as TypeORM hydrates them. At
   * a year's volume three entity reads per batch spent more time building objects than MariaDB did
   * answering (docs/performance.md "Mentor requests at scale (issue 47)").
   */
  async *batches(p: ReportPeriod): AsyncGenerator<SalesReportRow[]> {
    const titles = await this.courseTitles();
    const dateOf = osloDateIn(p);
    const receipt = this.ds.getMetadata(Receipt);
    const order = this.ds.getMetadata(Order);
    const posting = this.ds.getMetadata(FikenPosting);
    const hydrate = <T>(raw: Record<string, unknown>, meta: EntityMetadata, prefix: string, props: readonly string[]): T => {
      const out: Record<string, unknown> = {};
      for (const prop of props) {
        out[prop] = this.ds.driver.prepareHydratedValue(raw[`${prefix}_${prop}`], meta.findColumnWithPropertyName(prop)!);
      }
      return out as T;
    };
    let after = 0;
    for (;;) {
      const qb = this.ds.createQueryBuilder(Receipt, 'r').select('r.id', 'r_id');
      for (const c of REPORT_COLUMNS.slice(1)) qb.addSelect(`r.${c}`, `r_${c}`);
      for (const c of ORDER_COLUMNS) qb.addSelect(`o.${c}`, `o_${c}`);
      for (const c of POSTING_COLUMNS) qb.addSelect(`f.${c}`, `f_${c}`);
      const raws = await qb
        .leftJoin(Order, 'o', 'o.id = r.orderId')
        .leftJoin(FikenPosting, 'f', 'f.receiptId = r.id')
        .where('r.issuedAt >= :start AND r.issuedAt <= :last', { start: p.start, last: new Date(p.end.getTime() - 1) })
        .andWhere('r.number > :after', { after })
        .orderBy('r.number', 'ASC')
        .limit(REPORT_BATCH)
        .getRawMany<Record<string, unknown>>();
      if (!raws.length) return;
      const rows: SalesReportRow[] = [];
      for (const raw of raws) {
        const d = hydrate<Receipt>(raw, receipt, 'r', REPORT_COLUMNS);
        const o = raw.o_id == null ? undefined : hydrate<OrderFacts>(raw, order, 'o', ORDER_COLUMNS);
        const f = raw.f_receiptId == null ? null : hydrate<FikenPosting>(raw, posting, 'f', POSTING_COLUMNS);
        const fiken = f ? { state: f.state, error: f.lastError, attempts: f.attempts, fikenSaleId: f.fikenSaleId } : null;
        for (const r of rowsOf(d, o, titles, dateOf)) {
          r.fiken = fiken;
          rows.push(r);
        }
      }
      after = Number(raws[raws.length - 1].r_number);
      yield rows;
      if (raws.length < REPORT_BATCH) return;
    }
  }

  /**
   * The report (SalesReportResponse: from, to, rows, totals, fiken) as JSON text, written batch by
   * batch, the same text as `JSON.stringify` of it whole: a year's 16 000 rows are never all in
   * memory, nor their 5 MB of text in one string.
   */
  async *json(p: ReportPeriod): AsyncGenerator<string> {
    const totals = new SalesTotals();
    const fiken = new FikenCounter(!!this.cfg.fiken);
    yield `{"from":${JSON.stringify(p.from)},"to":${JSON.stringify(p.to)},"rows":[`;
    let first = true;
    for await (const rows of this.batches(p)) {
      if (!rows.length) continue;
      totals.add(rows);
      fiken.add(rows);
      const text = JSON.stringify(rows);
      yield (first ? '' : ',') + text.slice(1, -1);
      first = false;
    }
    yield `],"totals":${JSON.stringify(totals.result())},"fiken":${JSON.stringify(fiken.summary)}}`;
  }

  private async courseTitles(): Promise<Map<string, string>> {
    const map = new Map<string, string>(CATALOG_SEED.map((c) => [c.id, c.title]));
    for (const c of await this.content.courseTitles()) map.set(c.id, c.title);
    return map;
  }
}

/** What a row needs of a document (the seller's texts and the description stay in the table). */
const REPORT_COLUMNS = [
  'id',
  'number',
  'kind',
  'orderId',
  'refersToNumber',
  'issuedAt',
  'amountExclVatOre',
  'vatOre',
  'vatRatePercent',
  'vatLines',
  'totalOre',
  'sellerVatRegistered',
] as const;
/** What a row needs of the document's order. */
const ORDER_COLUMNS = ['id', 'firstName', 'lastName', 'anonymisedAt', 'courseId', 'paymentMethod', 'stripeFeeOre'] as const;
/** What a row needs of the document's posting to Fiken (one per document). */
const POSTING_COLUMNS = ['receiptId', 'state', 'lastError', 'attempts', 'fikenSaleId'] as const;

/** The period's documents in Fiken, counted per document, batch by batch. */
class FikenCounter {
  readonly summary: FikenPeriodSummary;
  private readonly seen = new Set<number>();

  constructor(configured: boolean) {
    this.summary = { configured, waiting: 0, posted: 0, failed: 0, notQueued: 0 };
  }

  add(rows: SalesReportRow[]): void {
    for (const r of rows) {
      if (this.seen.has(r.number)) continue;
      this.seen.add(r.number);
      if (r.fiken) this.summary[r.fiken.state] += 1;
      else this.summary.notQueued += 1;
    }
  }
}

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
  const totals = new SalesTotals();
  totals.add(rows);
  return totals.result();
}

/** The report's totals per tax code and per provider, added batch by batch (a document counted once, under its first row's provider). */
export class SalesTotals {
  private readonly codes = new Map<SaftTaxCode, { taxCode: SaftTaxCode; grossOre: number; netOre: number; vatOre: number }>();
  private readonly providers = new Map<
    PaymentMethod,
    { provider: PaymentMethod; grossOre: number; stripeFeeOre: number; documents: number }
  >();
  private readonly seen = new Set<string>();
  private readonly totals = { grossOre: 0, netOre: 0, vatOre: 0, stripeFeeOre: 0 };

  add(rows: SalesReportRow[]): void {
    const { codes, providers, seen, totals } = this;
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
  }

  result(): SalesReportResponse['totals'] {
    return {
      ...this.totals,
      byTaxCode: [...this.codes.values()].sort((a, b) => Number(a.taxCode) - Number(b.taxCode)),
      byProvider: [...this.providers.values()].sort((a, b) => a.provider.localeCompare(b.provider)),
    };
  }
}
