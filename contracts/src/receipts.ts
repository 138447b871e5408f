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
  /** "Org.nr. 123 456 789 MVA". */
  orgNrText: string;
  address: string;
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
  amountExclVatOre: number;
  vatOre: number;
  vatRatePercent: number;
  totalOre: number;
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

/** "123456789" → "Org.nr. 123 456 789 MVA" */
export function orgNrText(orgNr: string): string {
  return `Org.nr. ${orgNr.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3')} MVA`;
}

/** Prices include MVA: the amount excluding it (rounded to whole øre) and the MVA. */
export function splitVat(totalOre: number, ratePercent = VAT_RATE_PERCENT): { amountExclVatOre: number; vatOre: number } {
  const amountExclVatOre = Math.round((totalOre * 100) / (100 + ratePercent));
  return { amountExclVatOre, vatOre: totalOre - amountExclVatOre };
}
