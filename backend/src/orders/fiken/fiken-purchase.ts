import type { FikenConfig } from '../../platform/config/fiken.config';

/**
 * The expense account of a partner's commission: NS 4102 kontogruppe 72, 7200 «Provisjonskostnad»
 * (docs/decisions.md "Partners").
 */
export const FIKEN_COMMISSION_ACCOUNT = '7200';

/** Fiken's contact (the partner as a supplier) as this app creates it. */
export interface FikenSupplierRequest {
  name: string;
  email?: string;
  supplier: true;
}

/** Fiken's purchaseRequest as this app sends it: a paid supplier purchase in NOK with one line. */
export interface FikenPurchaseRequest {
  date: string;
  kind: 'supplier';
  paid: true;
  identifier: string;
  currency: 'NOK';
  supplierId: number;
  paymentAccount: string;
  paymentDate: string;
  lines: Array<{ description: string; netPrice: number; vat: 0; account: string; vatType: 'NONE' }>;
}

/** A payout and its partner as the purchase needs them. */
export interface FikenPayout {
  id: number;
  paidOn: string;
  reference: string;
  totalOre: number;
  commissions: number;
  partner: { id: number; name: string | null; email: string | null; fikenContactId: string | null };
}

/**
 * Where the Fiken worker reads payouts and keeps a partner's contact id: the partners module registers
 * it (FikenPostingWorker.usePayouts), since the orders module does not reach into the partners' tables.
 */
export interface FikenPayoutSource {
  payout(payoutId: number): Promise<FikenPayout>;
  keepContactId(partnerId: number, contactId: string): Promise<void>;
}

/** The purchase's identifier in Fiken: how a purchase already made is found again (and never made twice). */
export const purchaseIdentifier = (payoutId: number): string => `partnerutbetaling-${payoutId}`;

/**
 * A partner payout as Fiken's purchase (docs/decisions.md "Partners"): an expense with the partner as
 * supplier, paid on the bank's date out of the account card payments land in, one line of commission
 * without MVA (a person not registered for MVA charges none: vatType NONE, Fiken's purchase list).
 */
export function fikenPurchaseOf(
  payout: { id: number; paidOn: string; reference: string; totalOre: number; commissions: number },
  supplierId: string,
  cfg: Pick<FikenConfig, 'paymentAccounts'>,
): FikenPurchaseRequest {
  return {
    date: payout.paidOn,
    kind: 'supplier',
    paid: true,
    identifier: purchaseIdentifier(payout.id),
    currency: 'NOK',
    supplierId: Number(supplierId),
    paymentAccount: cfg.paymentAccounts.card,
    paymentDate: payout.paidOn,
    lines: [
      {
        description: `Partnerprovisjon, ${payout.commissions} ordre, utbetaling ${payout.reference}`.slice(0, 200),
        netPrice: payout.totalOre,
        vat: 0,
        account: FIKEN_COMMISSION_ACCOUNT,
        vatType: 'NONE',
      },
    ],
  };
}
