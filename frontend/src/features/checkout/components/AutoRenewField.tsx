import { membershipMonths } from '@academy/contracts';
import { useEffect, useState } from 'react';
import { formatPriceKr } from '../../../lib/format';

const dateFmt = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', day: 'numeric', month: 'long', year: 'numeric' });

/** The first renewal: as many months after today as the membership lasts (the card or Vipps is charged then). */
function firstRenewal(months: number, now = new Date()): Date {
  const d = new Date(now.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * «Forny automatisk hvert år» for a membership (VIP; docs/decisions.md "Automatic renewal"): never
 * ticked to begin with; ticked, it states the price, the interval, the first renewal date and how to
 * cancel, before the button. By card (Stripe) or by Vipps (an agreement approved in the Vipps app, which
 * can be stopped there too), and not with a campaign code: otherwise it says why and cannot be ticked.
 */
export function AutoRenewField({
  id,
  courseId,
  title,
  amountOre,
  method,
  checked,
  onChange,
  blockedReason,
}: {
  id: string;
  courseId: string;
  title: string;
  amountOre: number;
  /** How the renewals are paid: the card, or a Vipps agreement. */
  method: 'card' | 'vipps';
  checked: boolean;
  onChange: (on: boolean) => void;
  /** Why it cannot be chosen now (Klarna chosen, a campaign code), or null. */
  blockedReason: string | null;
}) {
  const months = membershipMonths(courseId);
  // Ticked, then Klarna or a code chosen: the tick is taken off, and said so, so it never comes back
  // by itself when card or Vipps is chosen again.
  const [cleared, setCleared] = useState(false);
  useEffect(() => {
    if (!blockedReason || !checked) return;
    onChange(false);
    setCleared(true);
  }, [blockedReason, checked, onChange]);
  if (months === null) return null;
  const on = checked && !blockedReason;
  const clearedNote =
    cleared && !on ? ' Avkrysningen for automatisk fornyelse er tatt bort; kryss av igjen hvis du vil ha den.' : '';
  const renewal = dateFmt.format(firstRenewal(months));
  return (
    <div className="checkout-waiver checkout-autorenew" data-testid="checkout-autorenew">
      <label className="checkout-waiver__label">
        <input
          type="checkbox"
          name="autoRenew"
          checked={on}
          disabled={!!blockedReason}
          aria-describedby={`${id}-autorenew-terms`}
          onChange={(e) => {
            setCleared(false);
            onChange(e.target.checked);
          }}
        />
        <span>Forny automatisk hvert år</span>
      </label>
      <p id={`${id}-autorenew-terms`} className="checkout-waiver__terms" data-testid="checkout-autorenew-terms">
        {blockedReason
          ? `${blockedReason}${clearedNote}`
          : on
            ? method === 'vipps'
              ? `${title} fornyes automatisk hvert år (hver ${months}. måned) for ${formatPriceKr(amountOre)} med Vipps. ` +
                'Du godkjenner en fast betalingsavtale i Vipps-appen, og første periode betales med en gang. ' +
                `Første fornyelse er ${renewal}, da trekkes beløpet med Vipps. Du kan stoppe avtalen når som helst i ` +
                `Vipps-appen, eller si opp på ${title}-siden i kursoversikten («Si opp», så bekrefter du); da fornyes det ikke, og du ` +
                'beholder tilgangen ut perioden du har betalt for. Du får en påminnelse 14 dager før hver fornyelse.'
              : `${title} fornyes automatisk hvert år (hver ${months}. måned) for ${formatPriceKr(amountOre)}. ` +
                `Første fornyelse er ${renewal}, da trekkes kortet ditt. Du kan si opp når som helst på ${title}-siden i ` +
                'kursoversikten («Si opp», så bekrefter du); da fornyes det ikke, og du beholder tilgangen ut perioden du ' +
                'har betalt for. ' +
                'Du får en påminnelse 14 dager før hver fornyelse.'
            : `Uten avkrysning kjøper du én periode på ${months} måneder, som ikke fornyes av seg selv.${clearedNote}`}
      </p>
    </div>
  );
}
