import type { PaymentMethod } from '@academy/contracts';
import type { FikenConfig } from '../../platform/config/fiken.config';
import { osloDate } from '../../platform/time/oslo-time';
import type { Receipt } from '../entities/receipt.entity';
import { linesOf } from '../receipts/receipts.service';

/** Fiken's sales VAT types used here (overlay.json): HIGH 25 %, OUTSIDE outside the VAT Act, NONE no VAT treatment. */
export type FikenVatType = 'HIGH' | 'OUTSIDE' | 'NONE';

export interface FikenOrderLine {
  description: string;
  netPrice: number;
  vat: number;
  account: string;
  vatType: FikenVatType;
}

/** Fiken's saleRequest as this app sends it: always a paid cash sale in NOK. */
export interface FikenSaleRequest {
  date: string;
  kind: 'cash_sale';
  paid: true;
  saleNumber: string;
  currency: string;
  lines: FikenOrderLine[];
  totalPaid: number;
  paymentAccount: string;
  paymentFee?: number;
}

const VAT_TYPE = { standard: 'HIGH', exempt: 'OUTSIDE', not_registered: 'NONE' } as const;

/**
 * A receipt or credit note as Fiken's cash sale (docs/decisions.md "Fiken"): one order line per VAT
 * line, amounts in øre; a credit note is its own cash sale with negative amounts, paid back out of the
 * same payment account. Stripe's fee goes on the receipt as paymentFee when it is known.
 */
export function fikenSaleOf(
  r: Pick<
    Receipt,
    | 'number'
    | 'kind'
    | 'refersToNumber'
    | 'issuedAt'
    | 'description'
    | 'vatLines'
    | 'amountExclVatOre'
    | 'vatOre'
    | 'vatRatePercent'
    | 'totalOre'
    | 'currency'
  >,
  order: { paymentMethod: PaymentMethod | null; stripeFeeOre: number | string | null } | null,
  cfg: Pick<FikenConfig, 'paymentAccounts' | 'revenueAccounts'>,
): FikenSaleRequest {
  const sign = r.kind === 'credit_note' ? -1 : 1;
  const text =
    r.kind === 'credit_note'
      ? `Kreditnota ${r.number} til kvittering ${r.refersToNumber ?? '?'}: ${r.description}`
      : r.description;
  const description = text.slice(0, 200);
  const lines = linesOf(r).map((l): FikenOrderLine => ({
    description,
    netPrice: sign * l.amountExclVatOre,
    vat: sign * l.vatOre,
    // Not registered for MVA: the sale is ordinary revenue, booked on the standard revenue account.
    account: l.treatment === 'exempt' ? cfg.revenueAccounts.exempt : cfg.revenueAccounts.standard,
    vatType: VAT_TYPE[l.treatment],
  }));
  const provider: PaymentMethod = order?.paymentMethod ?? 'card';
  const fee = order?.stripeFeeOre;
  const sale: FikenSaleRequest = {
    date: osloDate(r.issuedAt),
    kind: 'cash_sale',
    paid: true,
    saleNumber: String(r.number),
    currency: r.currency || 'NOK',
    lines,
    totalPaid: sign * r.totalOre,
    paymentAccount: cfg.paymentAccounts[provider],
  };
  if (r.kind === 'receipt' && fee !== null && fee !== undefined) sale.paymentFee = Number(fee);
  return sale;
}
