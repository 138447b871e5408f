import type { PaymentMethod } from './catalog';

/** Receipts and credit notes (bokføringsforskriften § 5-1-1): one unbroken number sequence. */

export type ReceiptKind = 'receipt' | 'credit_note';

/** MVA on digital courses (prices include it). */
export const VAT_RATE_PERCENT = 25;

/** The seller as every page, receipt and credit note names it. */
export interface SellerInfo {
  name: string;
  /** Nine digits. */
  orgNr: string;
  /** "Org.nr. 123 456 789 MVA" ("MVA" only when the seller is registered for MVA). */
  orgNrText: string;
  address: string;
  /** Registered in Merverdiavgiftsregisteret (SELLER_VAT_REGISTERED): documents show MVA, pages say "inkl. mva". */
  vatRegistered: boolean;
}

/**
 * A course's MVA treatment, which the seller's accountant chooses (docs/decisions.md "MVA"): 25 %,
 * exempt teaching with interaction (merverdiavgiftsloven § 3-5), or a fixed exempt part of the price.
 */
export const VAT_TREATMENTS = ['standard', 'exempt', 'split'] as const;
export type VatTreatment = (typeof VAT_TREATMENTS)[number];

/**
 * The treatment of one line of a receipt or credit note: 25 % MVA, exempt (§ 3-5), or sold by a
 * seller outside the MVA register (no MVA at all).
 */
export type ReceiptLineTreatment = 'standard' | 'exempt' | 'not_registered';

/** The words an exempt line carries. */
export const VAT_EXEMPT_TEXT = 'Unntatt merverdiavgift, jf. merverdiavgiftsloven § 3-5';

/**
 * What the pages say about MVA beside a price (docs/decisions.md "MVA"): a seller outside the register
 * may not state MVA (merverdiavgiftsloven § 11-3) and says why there is none; a registered seller
 * follows the course's treatment: "inkl. mva" for 25 %, "uten mva" for exempt teaching (§ 3-5: stating
 * MVA there would make the seller owe it), and for a split price MVA on the part that is not exempt.
 */
export function priceVatWording(vatRegistered: boolean, treatment: VatTreatment = 'standard'): { short: string; long: string } {
  if (!vatRegistered)
    return {
      short: 'uten mva (selgeren er ikke mva-registrert)',
      long: 'uten mva, fordi selgeren ikke er registrert i Merverdiavgiftsregisteret',
    };
  if (treatment === 'exempt')
    return {
      short: 'uten mva (kurset er unntatt mva)',
      long: 'uten mva, fordi undervisningen er unntatt etter merverdiavgiftsloven § 3-5',
    };
  if (treatment === 'split')
    return {
      short: 'inkl. mva på deler av prisen',
      long: 'inkludert mva på den delen av prisen som ikke er undervisning unntatt etter merverdiavgiftsloven § 3-5',
    };
  return { short: 'inkl. mva', long: 'inkludert mva' };
}

/**
 * What a page that shows several courses' prices says once for them all (the footer, the checkout's
 * foot, a page of programmes): the course's wording when every course is treated alike, and for a
 * mixed catalogue words that are true of each price.
 */
export function coursesVatWording(vatRegistered: boolean, treatments: readonly VatTreatment[]): { short: string; long: string } {
  const kinds = [...new Set(treatments)];
  if (!vatRegistered || kinds.length <= 1) return priceVatWording(vatRegistered, kinds[0] ?? 'standard');
  return {
    short: 'inkl. mva der kurset har mva',
    long: 'inkludert mva der kurset har mva (hvert kurs viser om prisen er med eller uten mva)',
  };
}

/** The footer's line about every price in the catalogue. */
export function catalogVatWording(vatRegistered: boolean, treatments: readonly VatTreatment[]): string {
  return `Alle priser i NOK ${coursesVatWording(vatRegistered, treatments).short}.`;
}

/** One line of a receipt or credit note: one per treatment (amounts in øre, positive). */
export interface ReceiptLine {
  treatment: ReceiptLineTreatment;
  /** 25 for standard, 0 otherwise. */
  vatRatePercent: number;
  amountExclVatOre: number;
  vatOre: number;
  totalOre: number;
}

/** How a document names a line's MVA: "MVA 25 %", the exemption's words, or nothing outside the register. */
export function receiptLineLabel(line: Pick<ReceiptLine, 'treatment' | 'vatRatePercent'>): string {
  if (line.treatment === 'exempt') return VAT_EXEMPT_TEXT;
  if (line.treatment === 'not_registered') return 'Uten MVA';
  return `MVA ${line.vatRatePercent} %`;
}

/**
 * The neutral placeholders outside production when SELLER_* or CONTACT_EMAIL is not set (production
 * refuses to start without the seller). They never reach a buyer as if real: pages, mails and PDFs show
 * {@link TEST_ENVIRONMENT_SELLER_TEXT} instead, and the pages a "Testmiljø" banner.
 */
export const SELLER_PLACEHOLDER = {
  name: 'Selger AS (SELLER_NAME ikke satt)',
  orgNr: '000000000',
  address: 'Adresse ikke satt (SELLER_ADDRESS)',
} as const;
export const CONTACT_EMAIL_PLACEHOLDER = 'kontakt@example.com';
export const TEST_ENVIRONMENT_SELLER_TEXT = 'Testmiljø: selgeren er ikke satt opp';

/** A seller with any placeholder in it (a test environment's, or a document issued there). */
export function isPlaceholderSeller(s: { name: string; orgNr: string; address: string }): boolean {
  return s.name === SELLER_PLACEHOLDER.name || s.orgNr === SELLER_PLACEHOLDER.orgNr || s.address === SELLER_PLACEHOLDER.address;
}

/** One receipt or credit note, as stored when it was issued (amounts in øre, positive). */
export interface ReceiptDocument {
  number: number;
  kind: ReceiptKind;
  orderId: number;
  /** A credit note: the receipt number it refers to. */
  refersToNumber: number | null;
  /** ISO 8601 (UTC). */
  issuedAt: string;
  description: string;
  /** A membership that renews by itself: the renewal's terms as they stood when the receipt was issued (null otherwise). */
  renewalTerms: string | null;
  amountExclVatOre: number;
  vatOre: number;
  vatRatePercent: number;
  totalOre: number;
  /** One line per MVA treatment; the lines add up to the total to the øre. */
  lines: ReceiptLine[];
  currency: 'NOK';
  seller: SellerInfo;
  /** Where the PDF is downloaded (same-site path). */
  pdfUrl: string;
}

/** Who bought and how they paid, as the receipt page, its PDF and the receipt mail show it. */
export interface ReceiptBuyer {
  /** The buyer's name on the order (null once the order is anonymised). */
  name: string | null;
  paymentMethod: PaymentMethod | null;
}

/** How a receipt names the payment method. */
export const RECEIPT_PAYMENT_METHOD: Record<PaymentMethod, string> = { card: 'Kort', vipps: 'Vipps', klarna: 'Klarna' };

/** GET /api/orders/:orderId/receipt */
export interface OrderReceiptResponse {
  receipt: ReceiptDocument;
  buyer: ReceiptBuyer;
  /** Credit notes of the order's refunds, oldest first. */
  creditNotes: ReceiptDocument[];
}

/** "123456789" → "Org.nr. 123 456 789 MVA" (no "MVA" for a seller outside the MVA register). */
export function orgNrText(orgNr: string, vatRegistered = true): string {
  return `Org.nr. ${orgNr.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3')}${vatRegistered ? ' MVA' : ''}`;
}

/** Prices include MVA: the amount excluding it (rounded to whole øre) and the MVA. */
export function splitVat(totalOre: number, ratePercent = VAT_RATE_PERCENT): { amountExclVatOre: number; vatOre: number } {
  const amountExclVatOre = Math.round((totalOre * 100) / (100 + ratePercent));
  return { amountExclVatOre, vatOre: totalOre - amountExclVatOre };
}

/** The note under a document's amounts, the same on its page, PDF and mail. */
export function documentNote(doc: {
  kind: ReceiptKind;
  refersToNumber: number | null;
  vatRegistered: boolean;
  lines: Array<Pick<ReceiptLine, 'treatment'>>;
}): string {
  if (doc.kind !== 'receipt') return `Beløpet er refundert. Kreditnotaen korrigerer kvittering nr. ${doc.refersToNumber ?? ''}.`;
  if (!doc.vatRegistered) return 'Betalt. Selgeren er ikke registrert i Merverdiavgiftsregisteret, og det er ikke beregnet MVA.';
  if (doc.lines.every((l) => l.treatment === 'exempt')) return `Betalt. ${VAT_EXEMPT_TEXT}.`;
  if (doc.lines.some((l) => l.treatment === 'exempt')) return 'Betalt. Prisen inkluderer merverdiavgift (MVA) på delen med MVA.';
  return 'Betalt. Prisen inkluderer merverdiavgift (MVA).';
}

/**
 * SAF-T standard tax codes (Skatteetaten's list, docs/decisions.md "MVA"): 3 output MVA 25 %,
 * 6 turnover outside the VAT Act (exempt teaching, § 3-5), 7 no VAT treatment (a seller outside the register).
 */
export type SaftTaxCode = '3' | '6' | '7';
export const SAFT_TAX_CODE: Record<ReceiptLineTreatment, SaftTaxCode> = { standard: '3', exempt: '6', not_registered: '7' };
export const SAFT_TAX_CODE_TEXT: Record<SaftTaxCode, string> = {
  '3': 'Utgående mva 25 %',
  '6': 'Omsetning utenfor mva-loven (unntatt)',
  '7': 'Ingen mva-behandling (ikke registrert)',
};

/** One line of a receipt or credit note in the accountant's report (a credit note's amounts negative). */
export interface SalesReportRow {
  /** The receipt's or credit note's id (receipts.id): what the Fiken retry route takes. */
  receiptId: number;
  number: number;
  kind: ReceiptKind;
  /** ISO 8601 (UTC). */
  issuedAt: string;
  /** The Oslo date, YYYY-MM-DD. */
  date: string;
  orderId: number;
  refersToNumber: number | null;
  /** Null once the order is anonymised. */
  buyer: string | null;
  course: string;
  provider: PaymentMethod;
  taxCode: SaftTaxCode;
  grossOre: number;
  netOre: number;
  vatOre: number;
  /** Stripe's fee for the payment (on the receipt's first line only); null when none is known. */
  stripeFeeOre: number | null;
  /** The document's posting to Fiken (the same on each of its lines); null when it is not queued. */
  fiken: FikenPostingStatus | null;
}

/** Where a receipt or credit note stands in Fiken: queued (`waiting`), in the books, or given up on with Fiken's reason. */
export type FikenPostingState = 'waiting' | 'posted' | 'failed';
export interface FikenPostingStatus {
  state: FikenPostingState;
  /** Fiken's reason for the last failed attempt (Norwegian or Fiken's own text); null when none. */
  error: string | null;
  attempts: number;
  /** The sale's id in Fiken once posted. */
  fikenSaleId: string | null;
}

/** The period's documents in Fiken (counted per document, not per line). */
export interface FikenPeriodSummary {
  /** FIKEN_* set: documents are posted. */
  configured: boolean;
  waiting: number;
  posted: number;
  failed: number;
  /** Documents with no posting: issued before Fiken was set up (the backfill queues them). */
  notQueued: number;
}

/** POST /api/admin/fiken/postings/:receiptId/retry: a failed posting goes back in the queue, due now. */
export interface FikenRetryResponse {
  receiptId: number;
  state: FikenPostingState;
}

/** POST /api/admin/fiken/backfill: every receipt and credit note with no posting is queued (oldest first). */
export interface FikenBackfillResponse {
  queued: number;
}

/** GET /api/admin/reports/sales?from=YYYY-MM-DD&to=YYYY-MM-DD (Oslo dates, inclusive). */
export interface SalesReportResponse {
  from: string;
  to: string;
  rows: SalesReportRow[];
  totals: {
    grossOre: number;
    netOre: number;
    vatOre: number;
    stripeFeeOre: number;
    byTaxCode: Array<{ taxCode: SaftTaxCode; grossOre: number; netOre: number; vatOre: number }>;
    byProvider: Array<{ provider: PaymentMethod; grossOre: number; stripeFeeOre: number; documents: number }>;
  };
  fiken: FikenPeriodSummary;
}
