import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import {
  MSG,
  membershipMonths,
  orgNrText,
  UPGRADE_FROM,
  type CatalogId,
  type OrderReceiptResponse,
  type ReceiptBuyer,
  type ReceiptDocument,
  type ReceiptLine,
  type Role,
} from '@academy/contracts';
import { CatalogContentService } from '../../catalog/catalog-content.service';
import { APP_CONFIG, AppConfig } from '../../platform/config';
import { notFound } from '../../platform/errors/app-error';
import { Clock } from '../../platform/time/clock';
import { addCalendarMonths } from '../../platform/time/calendar-period';
import { queueFikenPosting } from '../fiken/fiken-queue';
import { Subscription } from '../entities/subscription.entity';
import { renewalTermsText } from '../subscriptions/renewal-terms';
import { Order } from '../entities/order.entity';
import { Receipt, ReceiptSequence } from '../entities/receipt.entity';
import type { Refund } from '../entities/refund.entity';
import { creditLines, lineOf, lineSums, receiptLines, STANDARD_VAT } from './vat-lines';

/** Whole kroner in a receipt's text: "1 997 kr" (a plain space between thousands, which every PDF font has). */
function formatKr(ore: number): string {
  const kr = Math.floor(ore / 100);
  const rest = ore % 100;
  const whole = String(kr).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return rest === 0 ? `${whole} kr` : `${whole},${String(rest).padStart(2, '0')} kr`;
}

/** The one row of receipt_sequence. */
const SEQUENCE_ID = 1;

export const receiptKey = (orderId: number) => `receipt:${orderId}`;

/** The member's VIP page at its stable address (docs/decisions.md "Automatic renewal"). */
const MEMBERSHIP_PAGE_PATH = (productId: string) => `/account/settings#membership-${productId}`;
export const creditNoteKey = (refundId: number) => `credit:${refundId}`;

/** Same-site paths of the documents' PDFs. */
export const receiptPdfPath = (orderId: number) => `/api/orders/${orderId}/receipt.pdf`;
export const creditNotePdfPath = (orderId: number, number: number) => `/api/orders/${orderId}/credit-notes/${number}/pdf`;

/**
 * Receipts and credit notes (bokføringsforskriften § 5-1-1). A receipt is issued in the transaction
 * that marks an order paid, a credit note in the transaction that records a refund; both take the
 * next number from receipt_sequence in that same transaction. The counter row is locked by the
 * update until the transaction ends, so concurrent payments and refunds take numbers one after the
 * other, and a transaction that rolls back gives its number back: the sequence has no gaps and no
 * duplicates (the unique index on `number` would refuse one).
 */
@Injectable()
export class ReceiptsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly clock: Clock,
    private readonly content: CatalogContentService,
  ) {}

  /** The receipt of a paid order, issued once (inside the payment's transaction). */
  async issueReceipt(m: EntityManager, order: Order): Promise<Receipt> {
    const existing = await m.findOneBy(Receipt, { documentKey: receiptKey(order.id) });
    if (existing) return existing;
    const title = await this.content.titleOf(order.courseId, m);
    const from = order.upgradeCreditOre > 0 ? UPGRADE_FROM[order.courseId as CatalogId] : undefined;
    const fromTitle = from ? await this.content.titleOf(from, m) : null;
    // An upgrade says what it upgrades from and what was credited for it (kr); a membership its months.
    const months = membershipMonths(order.courseId);
    const what = fromTitle
      ? `Oppgradering fra «${fromTitle}» til «${title}», ordre ${order.id} (${formatKr(order.upgradeCreditOre)} betalt for ${fromTitle} trukket fra)`
      : months !== null
        ? `Medlemskap «${title}», ${months} måneder, ordre ${order.id}`
        : `Nettkurs «${title}», ordre ${order.id}`;
    const description = order.campaignCode ? `${what} (kampanjekode ${order.campaignCode})` : what;
    // The course's MVA treatment as it is now; the receipt keeps the lines (docs/decisions.md "MVA").
    const course = await this.content.findCourse(order.courseId, m);
    const vat = course ? { treatment: course.vatTreatment, exemptOre: course.vatExemptOre } : STANDARD_VAT;
    const priceOre = order.amountOre + order.discountOre + order.upgradeCreditOre;
    const vatRegistered = this.cfg.seller.vatRegistered;
    return this.issue(m, vatRegistered, receiptLines(order.amountOre, priceOre, vat, vatRegistered), {
      kind: 'receipt',
      documentKey: receiptKey(order.id),
      orderId: order.id,
      refundId: null,
      refersToNumber: null,
      description,
      renewalTerms: months !== null ? await this.renewalTermsOf(m, order, title, months) : null,
      totalOre: order.amountOre,
      currency: order.currency,
    });
  }

  /**
   * The terms of the automatic renewal this payment belongs to, on the receipt so the member keeps
   * them (docs/decisions.md "Automatic renewal"): the first period's subscription (made
   * running by this payment), or for a renewal the member's subscription that still renews, whose
   * next charge is then a period later. Null when the membership does not renew by itself.
   */
  private async renewalTermsOf(m: EntityManager, order: Order, title: string, months: number): Promise<string | null> {
    const now = this.clock.now();
    let sub = await m.findOneBy(Subscription, { orderId: order.id, status: 'active' });
    if (!sub && order.userId !== null)
      sub = await m.findOne(Subscription, {
        where: { userId: order.userId, productId: order.courseId, status: In(['active', 'past_due']), cancelAtPeriodEnd: false },
        order: { id: 'DESC' },
      });
    if (!sub?.currentPeriodEnd || sub.cancelAtPeriodEnd) return null;
    // A renewal is paid when its period ends: the next charge is one period after the one just paid.
    const soon = sub.currentPeriodEnd.getTime() - now.getTime() < 31 * 86_400_000;
    const nextAt = soon && sub.orderId !== order.id ? addCalendarMonths(sub.currentPeriodEnd, months) : sub.currentPeriodEnd;
    return renewalTermsText(sub, title, months, nextAt, `${this.cfg.publicUrl}${MEMBERSHIP_PAGE_PATH(order.courseId)}`);
  }

  /** The credit note of a refund (inside the refund's transaction), referring to the order's receipt. */
  async issueCreditNote(m: EntityManager, order: Order, refund: Refund): Promise<Receipt> {
    const existing = await m.findOneBy(Receipt, { documentKey: creditNoteKey(refund.id) });
    if (existing) return existing;
    // Every paid order has its receipt (issued at payment, or numbered by the migration); should one
    // be missing, it is issued first so the credit note has something to refer to.
    const receipt = await this.issueReceipt(m, order);
    // A credit note follows its receipt: its lines and whether the seller was registered then.
    return this.issue(m, receipt.sellerVatRegistered, creditLines(linesOf(receipt), refund.amountOre), {
      kind: 'credit_note',
      documentKey: creditNoteKey(refund.id),
      orderId: order.id,
      refundId: refund.id,
      refersToNumber: receipt.number,
      description: `Kreditnota for kvittering nr. ${receipt.number}: refusjon av ${receipt.description}`.slice(0, 500),
      renewalTerms: null,
      totalOre: refund.amountOre,
      currency: order.currency,
    });
  }

  private async issue(
    m: EntityManager,
    sellerVatRegistered: boolean,
    vatLines: ReceiptLine[],
    doc: Pick<
      Receipt,
      'kind' | 'documentKey' | 'orderId' | 'refundId' | 'refersToNumber' | 'description' | 'totalOre' | 'currency'
    > &
      Partial<Pick<Receipt, 'renewalTerms'>>,
  ): Promise<Receipt> {
    const number = await this.nextNumber(m);
    const seller = this.cfg.seller;
    const receipt = await m.save(
      m.create(Receipt, {
        ...doc,
        number,
        issuedAt: this.clock.now(),
        ...lineSums(vatLines),
        vatLines,
        sellerVatRegistered,
        sellerName: seller.name,
        sellerOrgNr: seller.orgNr,
        sellerAddress: seller.address,
      }),
    );
    // Fiken set up: the document is queued for posting in the transaction that issues it.
    if (this.cfg.fiken) await queueFikenPosting(m, receipt, this.clock.now());
    return receipt;
  }

  /** The next number: the counter row is incremented (and so locked) in the caller's transaction. */
  private async nextNumber(m: EntityManager): Promise<number> {
    const last = m.connection.driver.escape('lastNumber');
    const bump = () =>
      m
        .createQueryBuilder()
        .update(ReceiptSequence)
        .set({ lastNumber: () => `${last} + 1` })
        .where('id = :id', { id: SEQUENCE_ID })
        .execute();
    let res = await bump();
    if (res.affected !== 1) {
      // The migration makes the row; a database without it starts the sequence here.
      await m.createQueryBuilder().insert().into(ReceiptSequence).values({ id: SEQUENCE_ID, lastNumber: 0 }).orIgnore().execute();
      res = await bump();
    }
    const row = await m.findOneByOrFail(ReceiptSequence, { id: SEQUENCE_ID });
    return row.lastNumber;
  }

  /** The order's documents (receipt first, then credit notes), by number. */
  documentsOf(orderId: number, m: EntityManager = this.ds.manager): Promise<Receipt[]> {
    return m.find(Receipt, { where: { orderId }, order: { number: 'ASC' } });
  }

  receiptOf(orderId: number, m: EntityManager = this.ds.manager): Promise<Receipt | null> {
    return m.findOneBy(Receipt, { documentKey: receiptKey(orderId) });
  }

  creditNoteOf(refundId: number, m: EntityManager = this.ds.manager): Promise<Receipt | null> {
    return m.findOneBy(Receipt, { documentKey: creditNoteKey(refundId) });
  }

  /**
   * The order's receipt and credit notes for a viewer: the buyer (the order's account) or an admin.
   * Anyone else gets the same 404 as for an order that does not exist, so nothing tells them apart.
   */
  async forViewer(
    viewer: { id: number; role: Role },
    orderId: number,
  ): Promise<{ receipt: Receipt; creditNotes: Receipt[]; buyer: ReceiptBuyer }> {
    const docs = Number.isSafeInteger(orderId) && orderId > 0 ? await this.documentsOf(orderId) : [];
    const receipt = docs.find((d) => d.kind === 'receipt');
    if (!receipt) throw notFound(MSG.receiptNotFound);
    const order = await this.ds.getRepository(Order).findOne({
      select: { id: true, userId: true, firstName: true, lastName: true, paymentMethod: true, anonymisedAt: true },
      where: { id: orderId },
    });
    if (viewer.role !== 'admin' && (!order || order.userId === null || order.userId !== viewer.id))
      throw notFound(MSG.receiptNotFound);
    return { receipt, creditNotes: docs.filter((d) => d.kind === 'credit_note'), buyer: buyerOf(order) };
  }

  async responseFor(viewer: { id: number; role: Role }, orderId: number): Promise<OrderReceiptResponse> {
    const { receipt, creditNotes, buyer } = await this.forViewer(viewer, orderId);
    return { receipt: toDocument(receipt), creditNotes: creditNotes.map(toDocument), buyer };
  }
}

/** The buyer's name and payment method as the order holds them (no name once it is anonymised). */
export function buyerOf(order: Pick<Order, 'firstName' | 'lastName' | 'paymentMethod' | 'anonymisedAt'> | null): ReceiptBuyer {
  if (!order) return { name: null, paymentMethod: null };
  const name = order.anonymisedAt ? '' : `${order.firstName ?? ''} ${order.lastName ?? ''}`.trim();
  return { name: name || null, paymentMethod: order.paymentMethod ?? null };
}

/** A stored document's lines (a row from before the lines existed: one standard line of its amounts). */
export function linesOf(
  r: Pick<Receipt, 'vatLines' | 'amountExclVatOre' | 'vatOre' | 'vatRatePercent' | 'totalOre'>,
): ReceiptLine[] {
  if (r.vatLines && r.vatLines.length) return r.vatLines;
  return [
    {
      ...lineOf('standard', r.totalOre),
      amountExclVatOre: r.amountExclVatOre,
      vatOre: r.vatOre,
      vatRatePercent: r.vatRatePercent,
    },
  ];
}

/** The seller as a stored document names it ("MVA" after the org nr only when registered then). */
export function documentSeller(r: Pick<Receipt, 'sellerName' | 'sellerOrgNr' | 'sellerAddress' | 'sellerVatRegistered'>) {
  const vatRegistered = r.sellerVatRegistered !== false;
  return {
    name: r.sellerName,
    orgNr: r.sellerOrgNr,
    orgNrText: orgNrText(r.sellerOrgNr, vatRegistered),
    address: r.sellerAddress,
    vatRegistered,
  };
}

/** The API's view of a stored document (the seller as it was when the document was issued). */
export function toDocument(r: Receipt): ReceiptDocument {
  return {
    number: r.number,
    kind: r.kind,
    orderId: r.orderId,
    refersToNumber: r.refersToNumber,
    issuedAt: r.issuedAt.toISOString(),
    description: r.description,
    renewalTerms: r.renewalTerms ?? null,
    amountExclVatOre: r.amountExclVatOre,
    vatOre: r.vatOre,
    vatRatePercent: r.vatRatePercent,
    totalOre: r.totalOre,
    lines: linesOf(r),
    currency: 'NOK',
    seller: documentSeller(r),
    pdfUrl: r.kind === 'receipt' ? receiptPdfPath(r.orderId) : creditNotePdfPath(r.orderId, r.number),
  };
}
