import { formatNok } from '../outbox/mail-format';
import { button, heading, p, renderMail, rows, small, type MailBrand, type RenderedMail } from '../outbox/mail-layout';

/** The mail to a new partner: what they earn, their links, and a sign-in link to their page. */
export function partnerWelcomeMail(
  brand: MailBrand,
  w: { name: string; terms: string; links: string[]; signInUrl: string },
): RenderedMail {
  return renderMail({
    brand,
    subject: `Du er partner hos ${brand.siteName}`,
    preheader: 'Lenkene dine, provisjonen og din egen partnerside.',
    blocks: [
      heading(`Hei ${w.name}!`),
      p(`Du er lagt til som partner hos ${brand.siteName}. Du får ${w.terms} av kjøp gjort med koden din.`),
      p(`Lenkene dine (koden følger med til betalingen): ${w.links.join(', ')}`),
      p('Provisjonen venter i 30 dager mens kjøperens garanti løper, og godkjennes deretter.'),
      button('Åpne partnersiden', w.signInUrl),
      small('Innloggingslenken kan brukes én gang og gjelder i 7 dager. Etterpå logger du inn med e-post og passord.'),
    ],
  });
}

/** The settlement of a payout, to the partner. */
export function partnerPayoutMail(
  brand: MailBrand,
  s: { name: string; paidOn: string; reference: string; totalOre: number; orders: Array<[string, string]>; pageUrl: string },
): RenderedMail {
  return renderMail({
    brand,
    subject: `Utbetaling av provisjon: ${formatNok(s.totalOre)}`,
    preheader: `Provisjonen din er utbetalt ${s.paidOn}.`,
    blocks: [
      heading(`Hei ${s.name}!`),
      p(`Vi har utbetalt ${formatNok(s.totalOre)} i provisjon ${s.paidOn} (referanse ${s.reference}).`),
      rows(s.orders),
      button('Se partnersiden', s.pageUrl),
      small('Du får denne e-posten fordi du er partner hos oss. Ordrene er oppgitt uten kjøpernes navn.'),
    ],
  });
}
