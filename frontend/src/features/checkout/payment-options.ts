import { KLARNA_MIN_ORE, type PaymentMethod } from '@academy/contracts';
import { CHECKOUT_COPY as T } from './content';

export interface PaymentOption {
  id: PaymentMethod;
  label: string;
  hint: string;
}

export const PAYMENT_OPTIONS: readonly PaymentOption[] = [
  { id: 'card', label: T.card, hint: T.cardHint },
  { id: 'vipps', label: T.vipps, hint: T.vippsHint },
  { id: 'klarna', label: T.klarna, hint: T.klarnaHint },
];

/**
 * The methods this site offers (Vipps only when set up), Klarna for a course priced from 1 500 kr: when
 * a code or a credit takes the total under, it stays in the list, unavailable, with the reason. The
 * method paid with is the one chosen while it is available, else the first one that is.
 */
export function paymentChoice(opts: {
  offered: readonly PaymentMethod[] | null | undefined;
  chosen: PaymentMethod;
  priceOre: number;
  amountOre: number;
}) {
  const options = PAYMENT_OPTIONS.filter(
    (o) => (opts.offered ?? ['card']).includes(o.id) && (o.id !== 'klarna' || opts.priceOre >= KLARNA_MIN_ORE),
  );
  const klarnaTooLow = opts.amountOre < KLARNA_MIN_ORE;
  const available = (id: PaymentMethod) => id !== 'klarna' || !klarnaTooLow;
  const method: PaymentMethod = options.some((o) => o.id === opts.chosen && available(o.id))
    ? opts.chosen
    : (options.find((o) => available(o.id))?.id ?? 'card');
  /** Klarna was chosen and the total went under its minimum: said where the methods are. */
  const klarnaMoved = opts.chosen === 'klarna' && method !== 'klarna' && options.some((o) => o.id === 'klarna');
  return { options, method, available, klarnaMoved };
}

export type PaymentChoice = ReturnType<typeof paymentChoice>;
