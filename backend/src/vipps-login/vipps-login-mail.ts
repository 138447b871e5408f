import { button, heading, p, renderMail, small, type MailBrand, type RenderedMail } from '../outbox/mail-layout';

/**
 * «Logg inn med Vipps» found an account with the verified address: the link that confirms it is the
 * holder's (docs/decisions.md "Logg inn med Vipps"), to the account's own address.
 */
export function vippsLinkMail(brand: MailBrand, c: { confirmUrl: string; email: string }): RenderedMail {
  return renderMail({
    brand,
    subject: `Koble Vipps til kontoen din hos ${brand.siteName}`,
    preheader: 'Bekreft at du vil logge inn med Vipps på kontoen din.',
    blocks: [
      heading('Koble Vipps til kontoen din'),
      p(`Noen logget inn med Vipps på ${brand.siteName} med adressen ${c.email}, som kontoen din har.`),
      p('Var det deg? Trykk på knappen, så kobles Vipps til kontoen, og du logger inn med Vipps fra nå av.'),
      button('Koble til Vipps', c.confirmUrl),
      small('Lenken gjelder i 30 minutter. Var det ikke deg, kan du se bort fra e-posten: ingenting kobles uten at du trykker.'),
    ],
  });
}
