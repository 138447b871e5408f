import type { Subscription } from '../entities/subscription.entity';

const OSLO_DATE = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', day: 'numeric', month: 'long', year: 'numeric' });

/** `29. oktober 2027` in Europe/Oslo. */
export const osloDateText = (d: Date) => OSLO_DATE.format(d);

/** Whole kroner as pages and mails show a price: `5 000 kr`. */
export function wholeKr(ore: number): string {
  return `${String(Math.floor(ore / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} kr`;
}

/** How a renewal is paid, in a sentence: "med kortet ditt", "med Vipps". */
export const renewalMethodText = (method: Subscription['method']) => (method === 'vipps' ? 'med Vipps' : 'med kortet ditt');

/**
 * The terms of an automatic renewal as a receipt states them (docs/decisions.md "Automatic renewal"):
 * the price, the interval, the next date and how to cancel, fixed when the receipt is issued.
 */
export function renewalTermsText(
  sub: Pick<Subscription, 'method' | 'priceOre'>,
  title: string,
  months: number,
  nextAt: Date,
  pageUrl: string,
): string {
  const cancel =
    sub.method === 'vipps'
      ? `Du kan si opp når som helst før det: på ${title}-siden (${pageUrl}) eller ved å stoppe avtalen i Vipps-appen.`
      : `Du kan si opp når som helst før det på ${title}-siden (${pageUrl}).`;
  return (
    `Automatisk fornyelse: ${title} fornyes hvert år (hver ${months}. måned) for ${wholeKr(sub.priceOre)} ` +
    `${renewalMethodText(sub.method)}. Neste fornyelse er ${osloDateText(nextAt)}. ${cancel} ` +
    'Da fornyes det ikke, og du beholder tilgangen ut perioden du har betalt for.'
  );
}
