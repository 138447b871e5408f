import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  MSG,
  orderStatusLabel,
  PAYMENT_METHOD_LABELS,
  PAYMENT_PROVIDER_LABELS,
  type AdminOrder,
  type AdminOrderDetail,
} from '@academy/contracts';
import { CatalogContentService } from '../../catalog/catalog-content.service';
import { CATALOG_SEED } from '../../catalog/catalog.data';
import { notFound } from '../../platform/errors/app-error';
import { APP_CONFIG, AppConfig } from '../../platform/config';
import { formatOslo } from '../../platform/time/oslo-time';
import type { Order } from '../../orders/entities/order.entity';
import { ORDERS_LIST } from '../../orders/order-list';
import { OrderRecordsService } from '../../orders/order-records.service';
import { creditNotePdfPath, receiptPdfPath, ReceiptsService } from '../../orders/receipts/receipts.service';
import { CSV_BOM, csvLine } from '../leads/leads-csv';
import { RefundsService } from '../../orders/refunds/refunds.service';
import type { User } from '../../identity/entities/user.entity';
import { AuditService } from '../../platform/audit/audit.service';
import { attributionColumns } from '../../platform/dto/attribution.dto';
import { listParamsFor, type ListResult } from '../../platform/list/list-query';
import { toAdminOrder, toAdminRefund } from '../common/mappers';
import type { RefundOrderDto } from './dto/refund-order.dto';

/** Orders read per batch by the CSV export. */
const EXPORT_BATCH = 1000;

/** The CSV export's columns (Norwegian headers; amounts in kroner with a decimal comma, times in Oslo). */
export const ORDER_CSV_HEADER = [
  'Ordre',
  'Opprettet',
  'Betalt',
  'E-post',
  'Fornavn',
  'Etternavn',
  'Kurs',
  'Beløp (kr)',
  'Refundert (kr)',
  'Status',
  'Betalingsmåte',
  'Leverandør',
  'Kampanjekode',
  'Rabatt (kr)',
  'Variant',
  'utm_source',
  'utm_medium',
  'utm_campaign',
];

const kr = (ore: number) => (ore / 100).toFixed(2).replace('.', ',');

/**
 * One order as the panel words it: the course's title, the status, payment method and provider in
 * Norwegian (a refused payment is «Avvist …», never «Betalt»); `titles` maps course ids to titles.
 */
export function orderCsvRow(o: Order, titles: ReadonlyMap<string, string>): string {
  const a = o.attribution;
  return csvLine([
    o.id,
    formatOslo(new Date(o.createdAt)),
    o.paidAt ? formatOslo(new Date(o.paidAt)) : '',
    o.email,
    o.firstName,
    o.lastName,
    titles.get(o.courseId) ?? o.courseId,
    kr(o.amountOre),
    kr(o.refundedOre),
    orderStatusLabel(o.status, o.refusal),
    PAYMENT_METHOD_LABELS[o.paymentMethod] ?? o.paymentMethod,
    PAYMENT_PROVIDER_LABELS[o.provider] ?? o.provider,
    o.campaignCode,
    kr(o.discountOre ?? 0),
    a?.trafficSource,
    a?.utmSource,
    a?.utmMedium,
    a?.utmCampaign,
  ]);
}

@Injectable()
export class AdminOrdersService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly receipts: ReceiptsService,
    private readonly refunds: RefundsService,
    private readonly orders: OrderRecordsService,
    private readonly audit: AuditService,
    private readonly content: CatalogContentService,
  ) {}

  async list(query: Record<string, unknown>): Promise<ListResult<AdminOrder>> {
    const params = listParamsFor(query, ORDERS_LIST);
    const res = await this.orders.listForAdmin(params);
    const now = new Date();
    const [ties, closings] = await Promise.all([
      this.orders.creditTiesOf(res.rows.map((o) => o.id)),
      this.orders.closingsOf(res.rows),
    ]);
    return {
      ...res,
      rows: res.rows.map((o) => ({ ...toAdminOrder(o, now, ties.get(o.id)), closedAs: closings.get(o.id) ?? null })),
    };
  }

  /**
   * The filtered list as CSV (`;`, UTF-8 with BOM, as the leads' export): every row in the list's
   * order, read batch by batch so the first byte leaves at once and memory holds one batch.
   */
  async exportCsv(query: Record<string, unknown>): Promise<AsyncGenerator<string>> {
    const params = listParamsFor(query, ORDERS_LIST);
    const batches = this.orders.exportBatches(params, EXPORT_BATCH);
    // The first batch is read before the answer starts: a bad filter answers 400, not a broken download.
    const first = await batches.next();
    const titles = await this.courseTitles();
    const row = (o: Order) => orderCsvRow(o, titles);
    return (async function* () {
      yield CSV_BOM + csvLine(ORDER_CSV_HEADER);
      if (first.done) return;
      yield first.value.map(row).join('');
      for await (const rows of batches) yield rows.map(row).join('');
    })();
  }

  /** Every product's title by its id: the catalogue's, as the course is named now. */
  private async courseTitles(): Promise<Map<string, string>> {
    const titles = new Map<string, string>(CATALOG_SEED.map((c) => [c.id, c.title]));
    for (const c of await this.content.courseTitles()) titles.set(c.id, c.title);
    return titles;
  }

  /** An order with payment details, its refunds, days since purchase and the guarantee. */
  async get(id: number): Promise<AdminOrderDetail> {
    const order = await this.orders.findById(id);
    if (!order) throw notFound(MSG.orderNotFound);
    const [refunds, documents, closings] = await Promise.all([
      this.orders.refundsOf(id),
      this.receipts.documentsOf(id),
      this.orders.closingsOf([order]),
    ]);
    const tie = (await this.orders.creditTiesOf([id])).get(id);
    return {
      ...toAdminOrder(order, new Date(), tie),
      closedAs: closings.get(id) ?? null,
      documents: documents.map((d) => ({
        kind: d.kind,
        number: d.number,
        issuedAt: d.issuedAt.toISOString(),
        totalOre: d.totalOre,
        pdfUrl: d.kind === 'receipt' ? receiptPdfPath(id) : creditNotePdfPath(id, d.number),
      })),
      receiptPageUrl: documents.some((d) => d.kind === 'receipt') ? `${this.cfg.publicUrl}/kvittering/${id}` : null,
      attribution: attributionColumns(order.attribution),
      termsAcceptedAt: order.termsAcceptedAt ? order.termsAcceptedAt.toISOString() : null,
      riskAcceptedAt: order.riskAcceptedAt ? order.riskAcceptedAt.toISOString() : null,
      riskTextVersion: order.riskTextVersion,
      updatedAt: order.updatedAt.toISOString(),
      refunds: refunds.map(toAdminRefund),
    };
  }

  /**
   * Full or partial refund through the payments' refund service (Stripe first; nothing changes when
   * Stripe refuses, and the error is plain Norwegian). On a full refund that service revokes the
   * grant the order created. An order whose money is the credit of a paid upgrade refunds alone at
   * most what is not tied up, or with `withUpgrade` the upgrade and itself in full. The audit rows
   * (one per order refunded) are written right after the refund has committed.
   */
  async refund(id: number, dto: RefundOrderDto, actor: User): Promise<AdminOrderDetail> {
    const before = await this.orders.findById(id);
    if (!before) throw notFound(MSG.orderNotFound);
    const tie = dto.withUpgrade ? (await this.orders.creditTiesOf([id])).get(id) : undefined;
    const linkedBefore = tie ? await this.orders.findById(tie.upgradeOrderId) : null;
    const result = await this.refunds.refund(
      id,
      { amount: dto.amount, reason: dto.reason, withUpgrade: dto.withUpgrade === true },
      actor.id,
    );
    await this.ds.transaction(async (m) => {
      if (result.linked && linkedBefore) {
        const { order, refund } = result.linked;
        await this.audit.record(m, actor, {
          action: 'order.refund',
          entity: 'order',
          entityId: order.id,
          before: { status: linkedBefore.status, refundedOre: linkedBefore.refundedOre },
          after: { status: order.status, refundedOre: order.refundedOre, refund: toAdminRefund(refund), withCreditOf: id },
        });
      }
      const { order, refund } = result;
      await this.audit.record(m, actor, {
        action: 'order.refund',
        entity: 'order',
        entityId: id,
        before: { status: before.status, refundedOre: before.refundedOre },
        after: {
          status: order.status,
          refundedOre: order.refundedOre,
          refund: toAdminRefund(refund),
          ...(result.linked ? { withUpgrade: result.linked.order.id } : {}),
        },
      });
    });
    return this.get(id);
  }
}
