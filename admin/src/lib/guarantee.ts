import { GUARANTEE_DAYS, type AdminOrder } from '@academy/contracts';
import { formatDateTime } from './format';

type GuaranteeFacts = Pick<AdminOrder, 'status' | 'daysSincePurchase' | 'withinGuarantee' | 'guaranteeEndsAt'> &
  Partial<Pick<AdminOrder, 'refusal'>>;

/**
 * An order's place in the money-back guarantee (GUARANTEE_DAYS), in words. A refunded order says so: the
 * guarantee no longer applies to it, and 'utenfor garantien' would read as if the refund had been
 * refused; a refused payment has none. `short` is for a table cell.
 */
export function guaranteeText(o: GuaranteeFacts, form: 'long' | 'short' = 'long'): string {
  if (o.status === 'refunded') return 'Refundert';
  // A payment refused when it landed sold nothing: no guarantee to speak of, its refund is owed anyway.
  if (o.refusal) return form === 'short' ? '–' : 'Gjelder ikke: betalingen ble avvist og skal refunderes i sin helhet';
  if (o.daysSincePurchase === null) return form === 'short' ? '–' : 'Ikke betalt';
  const days = o.daysSincePurchase;
  if (form === 'short') return `${days} dager${o.withinGuarantee ? ' (innenfor garantien)' : ''}`;
  return o.withinGuarantee
    ? `${days} dager siden kjøp – innenfor garantien (til ${formatDateTime(o.guaranteeEndsAt)})`
    : `${days} dager siden kjøp – utenfor ${GUARANTEE_DAYS}-dagersgarantien`;
}
