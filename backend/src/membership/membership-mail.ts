import { formatOsloDate } from '../outbox/mail-format';
import { button, heading, p, renderMail, small, type MailBrand, type RenderedMail } from '../outbox/mail-layout';

export interface MembershipEndingInput {
  firstName: string | null;
  title: string;
  endsAt: Date;
  daysLeft: number;
  months: number;
  /** The checkout of the membership (renews from `endsAt`). */
  renewUrl: string;
  dashboardUrl: string;
}

/** The mail 14 days before a membership period (VIP) ends: transactional, part of what the member bought. */
export function membershipEndingMail(brand: MailBrand, m: MembershipEndingInput): RenderedMail {
  const ends = formatOsloDate(m.endsAt);
  const days = m.daysLeft === 1 ? '1 dag' : `${m.daysLeft} dager`;
  return renderMail({
    brand,
    subject: `${m.title}-medlemskapet ditt slutter ${ends}`,
    preheader: `Du har ${days} igjen av ${m.title}-perioden.`,
    blocks: [
      heading(`Hei${m.firstName ? ` ${m.firstName}` : ''}! ${m.title}-perioden nærmer seg slutten`),
      p(
        `${m.title}-medlemskapet ditt slutter ${ends}, om ${days}. Da slutter tilgangen til live-øktene, ` +
          'fellesskapet og kursene som følger med medlemskapet. Kurs du har kjøpt for seg selv, beholder du.',
      ),
      p(
        `Vil du fortsette, fornyer du med knappen nedenfor. De nye ${m.months} månedene legges til fra ${ends}, ` +
          'så du mister ingen dager ved å fornye tidlig. Medlemskapet fornyes aldri automatisk.',
      ),
      button(`Forny ${m.title}`, m.renewUrl),
      button('Gå til kursoversikten', m.dashboardUrl),
      small(`Du får denne e-posten fordi du er ${m.title}-medlem.`),
    ],
  });
}

export interface RenewalMailInput {
  firstName: string | null;
  title: string;
  /** The VIP page (dashboard), where the member cancels, resumes or changes the card. */
  pageUrl: string;
}

/** «Si opp» confirmed: no more renewals; access runs to the end of the paid period. */
export function renewalCancelledMail(
  brand: MailBrand,
  m: RenewalMailInput & { endsAt: Date; method?: 'card' | 'vipps'; inVipps?: boolean },
): RenderedMail {
  const ends = formatOsloDate(m.endsAt);
  return renderMail({
    brand,
    subject: `${m.title} fornyes ikke lenger`,
    preheader: `Medlemskapet varer til ${ends} og slutter da.`,
    blocks: [
      heading(
        `Hei${m.firstName ? ` ${m.firstName}` : ''}! ${m.inVipps ? 'Du har stoppet Vipps-avtalen' : 'Du har sagt opp fornyelsen'}`,
      ),
      p(
        `${m.title}-medlemskapet ditt fornyes ikke lenger, og du blir ikke trukket for en ny periode. ` +
          `Du beholder tilgangen ut perioden du har betalt for, til ${ends}. Da slutter medlemskapet.`,
      ),
      p(
        m.method === 'vipps'
          ? 'Vipps-avtalen er stoppet og kan ikke startes igjen. Vil du fornye senere, kan du gjøre det på medlemssiden, ' +
              'med eller uten automatisk fornyelse.'
          : 'Ombestemmer du deg før perioden er over, kan du slå på fornyelsen igjen på medlemssiden.',
      ),
      button(`Gå til ${m.title}-siden`, m.pageUrl),
      small(
        `Du får denne e-posten fordi ${m.inVipps ? 'du stoppet Vipps-avtalen for' : 'du sa opp den automatiske fornyelsen av'} ${m.title}.`,
      ),
    ],
  });
}

/** «Slå på fornyelse igjen» confirmed: the renewal's terms again (date, price, how), and how to cancel. */
export function renewalResumedMail(
  brand: MailBrand,
  m: RenewalMailInput & { renewsAt: Date; priceText: string; methodText: string },
): RenderedMail {
  const on = formatOsloDate(m.renewsAt);
  return renderMail({
    brand,
    subject: `${m.title} fornyes automatisk igjen ${on}`,
    preheader: `Fornyelsen er slått på: ${on} for ${m.priceText}.`,
    blocks: [
      heading(`Hei${m.firstName ? ` ${m.firstName}` : ''}! Du har slått på fornyelsen igjen`),
      p(
        `${m.title}-medlemskapet ditt fornyes automatisk ${on} for ${m.priceText} (${m.methodText}), for 12 nye måneder, ` +
          'og deretter hvert år. Du får en påminnelse 14 dager før hver fornyelse.',
      ),
      p(
        `Vil du ikke fornye likevel, sier du opp før ${on} på medlemssiden: «Si opp», så bekrefter du. ` +
          'Du beholder tilgangen ut perioden du har betalt for.',
      ),
      button(`Gå til ${m.title}-siden`, m.pageUrl),
      small(`Du får denne e-posten fordi du slo på den automatiske fornyelsen av ${m.title}.`),
    ],
  });
}

/** A renewal charge failed: access is kept during the grace while the member fixes the card. */
export function renewalFailedMail(
  brand: MailBrand,
  m: RenewalMailInput & { graceEndsAt: Date; priceText: string; method?: 'card' | 'vipps' },
): RenderedMail {
  const until = formatOsloDate(m.graceEndsAt);
  if (m.method === 'vipps')
    return renderMail({
      brand,
      subject: `Vi fikk ikke fornyet ${m.title}: Vipps-betalingen gikk ikke gjennom`,
      preheader: `Du har tilgang til ${until} mens du ordner betalingen.`,
      blocks: [
        heading(`Hei${m.firstName ? ` ${m.firstName}` : ''}! Fornyelsen av ${m.title} gikk ikke gjennom`),
        p(
          `Vi prøvde å trekke ${m.priceText} med Vipps for en ny ${m.title}-periode, men betalingen gikk ikke gjennom. ` +
            `Du beholder tilgangen til ${until}. Sjekk kortet ditt i Vipps-appen, og forny på medlemssiden.`,
        ),
        p(`Fornyer du ikke innen ${until}, slutter medlemskapet, og Vipps-avtalen stoppes.`),
        button(`Gå til ${m.title}-siden`, m.pageUrl),
        small(`Du får denne e-posten fordi ${m.title}-medlemskapet ditt fornyes automatisk med Vipps.`),
      ],
    });
  return renderMail({
    brand,
    subject: `Vi fikk ikke fornyet ${m.title}: sjekk kortet ditt`,
    preheader: `Du har tilgang til ${until} mens du ordner betalingen.`,
    blocks: [
      heading(`Hei${m.firstName ? ` ${m.firstName}` : ''}! Fornyelsen av ${m.title} gikk ikke gjennom`),
      p(
        `Vi prøvde å trekke ${m.priceText} for en ny ${m.title}-periode, men kortet ble avvist. ` +
          `Du beholder tilgangen til ${until} mens du oppdaterer kortet. Betalingen prøves igjen automatisk.`,
      ),
      p(`Går betalingen ikke gjennom innen ${until}, slutter medlemskapet. Vil du ikke fornye, kan du si opp på medlemssiden.`),
      button('Oppdater kortet', m.pageUrl),
      small(`Du får denne e-posten fordi ${m.title}-medlemskapet ditt fornyes automatisk.`),
    ],
  });
}

export interface RenewingReminderInput extends RenewalMailInput {
  renewsAt: Date;
  daysLeft: number;
  priceText: string;
  methodText: string;
}

/** 14 days before an automatic renewal: the date, the price and how to cancel. */
export function renewingReminderMail(brand: MailBrand, m: RenewingReminderInput): RenderedMail {
  const on = formatOsloDate(m.renewsAt);
  const days = m.daysLeft === 1 ? '1 dag' : `${m.daysLeft} dager`;
  return renderMail({
    brand,
    subject: `${m.title} fornyes automatisk ${on} for ${m.priceText}`,
    preheader: `Om ${days} fornyes ${m.title}-medlemskapet ditt.`,
    blocks: [
      heading(`Hei${m.firstName ? ` ${m.firstName}` : ''}! ${m.title} fornyes snart`),
      p(`${m.title}-medlemskapet ditt fornyes automatisk ${on} for ${m.priceText} (${m.methodText}), for 12 nye måneder.`),
      p(
        `Vil du ikke fornye, sier du opp før ${on} på medlemssiden: «Si opp», så bekrefter du. Du beholder tilgangen ut perioden du har betalt for.`,
      ),
      button('Si opp eller se medlemskapet', m.pageUrl),
      small(`Du får denne e-posten fordi ${m.title}-medlemskapet ditt fornyes automatisk.`),
    ],
  });
}
