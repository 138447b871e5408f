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
        `Vil du fortsette, fornyer du med ett klikk nedenfor. De nye ${m.months} månedene legges til fra ${ends}, ` +
          'så du mister ingen dager ved å fornye tidlig. Medlemskapet fornyes aldri automatisk.',
      ),
      button(`Forny ${m.title}`, m.renewUrl),
      button('Gå til kursoversikten', m.dashboardUrl),
      small(`Du får denne e-posten fordi du er ${m.title}-medlem.`),
    ],
  });
}
