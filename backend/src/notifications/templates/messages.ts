import {
  GUARANTEE_DAYS,
  isPlaceholderSeller,
  receiptLineLabel,
  TEST_ENVIRONMENT_SELLER_TEXT,
  VAT_EXEMPT_TEXT,
  type PaymentMethod,
  type ReceiptLine,
} from '@academy/contracts';
import { formatNok, formatOsloDate, formatOsloDateTime, mvaOf } from '../../outbox/mail-format';
import { button, heading, MailBlock, MailBrand, p, renderMail, RenderedMail, rows, small } from '../../outbox/mail-layout';

const PAYMENT_LABEL: Record<PaymentMethod, string> = { card: 'Kort', vipps: 'Vipps', klarna: 'Klarna' };

/** The stored receipt or credit note a mail shows (bokføringsforskriften § 5-1-1). */
export interface MailDocument {
  number: number;
  issuedAt: Date;
  description: string;
  amountExclVatOre: number;
  vatOre: number;
  vatRatePercent: number;
  totalOre: number;
  /** Credit notes: the receipt they correct. */
  refersToNumber?: number | null;
  seller: { name: string; orgNrText: string; address: string };
  /** The document's lines, one per MVA treatment (absent: one standard line of the amounts above). */
  lines?: ReceiptLine[];
  /** False when the seller was outside the MVA register: no MVA lines (absent: registered). */
  vatRegistered?: boolean;
  /** A membership that renews by itself: its terms as the receipt states them. */
  renewalTerms?: string | null;
}

/**
 * A document's amounts as the mail shows them, the same lines as its page and PDF (docs/decisions.md
 * "MVA"): per line with MVA the amount excluding it and the MVA; an exempt line with the exemption's
 * words; outside the MVA register only the total. A credit note's amounts are negative.
 */
function amountRows(doc: MailDocument, credit: boolean): Array<[string, string]> {
  const sign = credit ? -1 : 1;
  const registered = doc.vatRegistered !== false;
  const lines: ReceiptLine[] = doc.lines?.length
    ? doc.lines
    : [
        {
          treatment: 'standard',
          vatRatePercent: doc.vatRatePercent,
          amountExclVatOre: doc.amountExclVatOre,
          vatOre: doc.vatOre,
          totalOre: doc.totalOre,
        },
      ];
  const out: Array<[string, string]> = [];
  if (registered)
    for (const l of lines) {
      if (l.treatment === 'standard') {
        // The MVA on the amount above it, named as the PDF and the page name it («MVA 25 %»).
        out.push([credit ? 'Kreditert eks. MVA' : 'Beløp eks. MVA', formatNok(sign * l.amountExclVatOre)]);
        out.push([receiptLineLabel(l), formatNok(sign * l.vatOre)]);
      } else if (l.treatment === 'exempt') out.push([VAT_EXEMPT_TEXT, formatNok(sign * l.totalOre)]);
    }
  const withVat = registered && lines.some((l) => l.treatment === 'standard');
  out.push([`${credit ? 'Kreditert' : 'Totalt'}${withVat ? ' inkl. MVA' : ''}`, formatNok(sign * doc.totalOre)]);
  return out;
}

/** The seller's lines: name, "Org.nr. … MVA", address. */
function sellerRows(doc: MailDocument): Array<[string, string]> {
  // A test environment's placeholders never pass for a seller.
  if (isPlaceholderSeller({ ...doc.seller, orgNr: doc.seller.orgNrText.replace(/\D/g, '') }))
    return [['Selger', TEST_ENVIRONMENT_SELLER_TEXT]];
  return [
    ['Selger', doc.seller.name],
    // "Org.nr. 923 456 789 MVA" under the label "Org.nr." (not "Organisasjonsnummer: Org.nr. …").
    ['Org.nr.', doc.seller.orgNrText.replace(/^Org\.nr\.\s*/, '')],
    ['Adresse', doc.seller.address],
  ];
}

export interface ReceiptInput {
  /** The receipt (number from the unbroken sequence); null only if it could not be found. */
  receipt: MailDocument | null;
  /** The printable receipt page (/kvittering/:orderId). */
  receiptUrl: string;
  orderId: number;
  courseTitle: string;
  amountOre: number;
  paidAt: Date;
  paymentMethod: PaymentMethod | null;
  firstName: string | null;
  /** One-time sign-in link (passwordless account), or null when the buyer signs in with a password. */
  signInUrl: string | null;
  loginUrl: string;
  /** The buyer's soft opt-in to marketing: the opt-out link shown on the receipt (markedsføringsloven § 15). */
  marketingOptOutUrl?: string | null;
}

export function receiptMail(brand: MailBrand, r: ReceiptInput): RenderedMail {
  const total = formatNok(r.amountOre);
  const guaranteeEnds = new Date(r.paidAt.getTime() + GUARANTEE_DAYS * 86400_000);
  const doc = r.receipt;
  const details: Array<[string, string]> = doc
    ? [
        ...sellerRows(doc),
        ['Kvitteringsnummer', String(doc.number)],
        ['Dato', formatOsloDateTime(doc.issuedAt)],
        ['Beskrivelse', doc.description],
        ['Kurs', r.courseTitle],
        ['Ordrenummer', String(r.orderId)],
        ...(r.paymentMethod ? [['Betalingsmåte', PAYMENT_LABEL[r.paymentMethod]] as [string, string]] : []),
        ...amountRows(doc, false),
      ]
    : [
        ['Kurs', r.courseTitle],
        ['Ordrenummer', String(r.orderId)],
        ['Dato', formatOsloDateTime(r.paidAt)],
        ...(r.paymentMethod ? [['Betalingsmåte', PAYMENT_LABEL[r.paymentMethod]] as [string, string]] : []),
        ['Totalt inkl. MVA', total],
        ['Herav MVA (25 %)', formatNok(mvaOf(r.amountOre))],
      ];
  const access = r.signInUrl
    ? [
        p('Logg inn med knappen under og velg et passord, så kommer du alltid inn igjen med e-postadressen og passordet ditt.'),
        button('Logg inn og sett passord', r.signInUrl),
        small(
          'Lenken kan brukes én gang og gjelder i 7 dager. Har den gått ut, kan du be om en ny med «Glemt passord?» på innloggingssiden.',
        ),
      ]
    : [p('Logg inn med e-postadressen og passordet ditt for å starte kurset.'), button('Logg inn', r.loginUrl)];
  return renderMail({
    brand,
    subject: doc
      ? `Kvittering nr. ${doc.number}: ${r.courseTitle} (ordre ${r.orderId})`
      : `Kvittering: ${r.courseTitle} (ordre ${r.orderId})`,
    preheader: `Takk for kjøpet! Du har nå tilgang til ${r.courseTitle}.`,
    blocks: [
      heading(`Takk for kjøpet${r.firstName ? `, ${r.firstName}` : ''}!`),
      p(`Betalingen er mottatt, og du har nå tilgang til ${r.courseTitle}. Her er kvitteringen din.`),
      rows(details),
      ...(doc?.renewalTerms ? [p(doc.renewalTerms)] : []),
      button('Se kvitteringen (skriv ut eller last ned PDF)', r.receiptUrl),
      ...access,
      p(
        `30 dagers pengene-tilbake-garanti: Er du ikke fornøyd, skriver du til ${brand.contactEmail} innen ${formatOsloDate(guaranteeEnds)}, ` +
          'så får du hele beløpet tilbake.',
      ),
      small('Dette er kvitteringen for kjøpet ditt. Ta vare på den.'),
      ...(r.marketingOptOutUrl
        ? [
            small(
              'Som kunde kan du få tips og tilbud fra oss på e-post om lignende kurs. Vil du ikke det, ' +
                `melder du deg av her: ${r.marketingOptOutUrl}`,
            ),
          ]
        : []),
    ],
  });
}

export interface WelcomeInput {
  signInUrl: string;
  courseUrl: string;
  unsubscribeUrl: string;
}

export function welcomeMail(brand: MailBrand, w: WelcomeInput): RenderedMail {
  return renderMail({
    brand,
    subject: `Velkommen til ${brand.siteName} – Starter-kurset er klart`,
    preheader: 'Du har fått gratis tilgang til Starter-kurset.',
    blocks: [
      heading('Velkommen!'),
      p('Du har nå gratis tilgang til Starter-kurset. Du kan begynne med en gang:'),
      button('Start Starter-kurset', w.courseUrl),
      p('Vil du lagre fremdriften din og komme tilbake senere? Logg inn med lenken under og velg et passord.'),
      button('Logg inn og sett passord', w.signInUrl),
      small('Innloggingslenken kan brukes én gang og gjelder i 7 dager.'),
    ],
    unsubscribeUrl: w.unsubscribeUrl,
  });
}

export function resetPasswordMail(brand: MailBrand, r: { email: string; resetUrl: string }): RenderedMail {
  return renderMail({
    brand,
    subject: `Nytt passord hos ${brand.siteName}`,
    preheader: 'Lenke for å lage nytt passord (gjelder i 1 time).',
    blocks: [
      heading('Lag nytt passord'),
      p(`Vi har fått en forespørsel om nytt passord for ${r.email}. Trykk på knappen for å velge et nytt passord.`),
      button('Lag nytt passord', r.resetUrl),
      small('Lenken gjelder i 1 time og kan brukes én gang. Når du har valgt nytt passord, blir du logget ut på andre enheter.'),
      small('Har du ikke bedt om dette, kan du se bort fra e-posten. Passordet ditt er ikke endret.'),
    ],
  });
}

export interface RefundInput {
  /** The credit note of this refund, referring to the receipt; null only if it could not be found. */
  creditNote: MailDocument | null;
  receiptUrl: string;
  orderId: number;
  courseTitle: string;
  amountOre: number;
  /** True when access to the course ended with this refund. */
  accessEnded: boolean;
  refundedAt: Date;
  /**
   * The payment was refused when it landed and refunded at once: the account already owned the
   * course, or the campaign code's last use had gone to another buyer.
   */
  refusal?: 'already_owned' | 'code_used_up' | 'upgrade_credit_gone';
  campaignCode?: string | null;
  loginUrl?: string;
}

/** Why a refused payment was refunded, in the buyer's words. */
function refusalBlocks(r: RefundInput, amount: string): MailBlock[] {
  if (r.refusal === 'already_owned')
    return [
      heading('Du har allerede dette kurset'),
      p(
        `Vi fikk betalingen din for ordre ${r.orderId}, men kontoen med denne e-postadressen har allerede tilgang til ${r.courseTitle}. Du skal ikke betale to ganger, så vi har refundert hele beløpet (${amount}).`,
      ),
      p(`Tilgangen din til ${r.courseTitle} er som før.`),
      ...(r.loginUrl ? [button('Logg inn og fortsett kurset', r.loginUrl)] : []),
    ];
  if (r.refusal === 'upgrade_credit_gone')
    return [
      heading('Oppgraderingsrabatten gjaldt ikke lenger'),
      p(
        `Betalingen din for ordre ${r.orderId} (${r.courseTitle}) var priset med fratrekk for det du hadde betalt for kurset du oppgraderte fra, men den betalingen er refundert. Vi kunne derfor ikke gi deg kurset til den prisen, og har refundert hele beløpet (${amount}).`,
      ),
      p('Du kan kjøpe kurset på nytt til prisen som gjelder nå.'),
    ];
  return [
    heading('Kampanjekoden var brukt opp'),
    p(
      `Betalingen din for ordre ${r.orderId} (${r.courseTitle}) kom etter at ${
        r.campaignCode ? `kampanjekoden ${r.campaignCode}` : 'kampanjekoden'
      } var brukt opp av andre kjøpere, så vi kunne ikke gi deg kurset til den prisen. Vi har refundert hele beløpet (${amount}).`,
    ),
    p('Du kan kjøpe kurset på nytt uten koden.'),
  ];
}

export function refundMail(brand: MailBrand, r: RefundInput): RenderedMail {
  const amount = formatNok(r.amountOre);
  return renderMail({
    brand,
    subject: r.creditNote
      ? `Refusjon og kreditnota nr. ${r.creditNote.number}: ${r.courseTitle} (ordre ${r.orderId})`
      : `Refusjon: ${r.courseTitle} (ordre ${r.orderId})`,
    preheader: `Vi har refundert ${amount}.`,
    blocks: [
      ...(r.refusal
        ? refusalBlocks(r, amount)
        : [heading('Refusjonen er på vei'), p(`Vi har refundert ${amount} for ordre ${r.orderId} (${r.courseTitle}).`)]),
      ...(r.creditNote
        ? [
            p(`Her er kreditnotaen for refusjonen. Den korrigerer kvittering nr. ${r.creditNote.refersToNumber ?? ''}.`),
            rows([
              ...sellerRows(r.creditNote),
              ['Kreditnotanummer', String(r.creditNote.number)],
              ['Gjelder kvittering nr.', String(r.creditNote.refersToNumber ?? '')],
              ['Dato', formatOsloDateTime(r.creditNote.issuedAt)],
              ['Beskrivelse', r.creditNote.description],
              ['Ordrenummer', String(r.orderId)],
              ...amountRows(r.creditNote, true),
            ]),
            button('Se kvitteringen og kreditnotaen', r.receiptUrl),
          ]
        : [
            rows([
              ['Kurs', r.courseTitle],
              ['Ordrenummer', String(r.orderId)],
              ['Refundert inkl. MVA', amount],
              ['Dato', formatOsloDateTime(r.refundedAt)],
            ]),
          ]),
      ...(r.refusal
        ? []
        : [
            p(
              r.accessEnded
                ? `Tilgangen din til ${r.courseTitle} er avsluttet. Kontoen din og gratiskurset Starter beholder du.`
                : `Du beholder tilgangen til ${r.courseTitle}.`,
            ),
          ]),
      small('Pengene kommer tilbake til kortet eller Vipps-kontoen du betalte med, vanligvis innen 5–10 virkedager.'),
      small(`Spørsmål? Skriv til ${brand.contactEmail}.`),
    ],
  });
}

/** The mentor gave a course by hand: what it is, where to start, and (for an account without a password) a sign-in link. */
export function accessGrantedMail(
  brand: MailBrand,
  g: { courseTitle: string; courseUrl: string; signInUrl: string | null; loginUrl: string; firstName: string | null },
): RenderedMail {
  return renderMail({
    brand,
    subject: `Du har fått tilgang til ${g.courseTitle}`,
    preheader: `${g.courseTitle} er klart for deg hos ${brand.siteName}.`,
    blocks: [
      heading(g.firstName ? `Hei ${g.firstName}!` : 'Hei!'),
      p(`Mentoren har gitt deg tilgang til ${g.courseTitle}. Du kan begynne med en gang.`),
      ...(g.signInUrl
        ? [
            button('Logg inn og start', g.signInUrl),
            small('Innloggingslenken kan brukes én gang og gjelder i 7 dager. Etterpå logger du inn med e-post og passord.'),
          ]
        : [button(`Åpne ${g.courseTitle}`, g.courseUrl), small(`Logg inn på ${g.loginUrl} hvis du ikke er logget inn.`)]),
    ],
  });
}

/** A new one-time sign-in link the mentor sent ('Send ny innloggingslenke'). */
export function signInLinkMail(brand: MailBrand, s: { signInUrl: string; email: string }): RenderedMail {
  return renderMail({
    brand,
    subject: `Din innloggingslenke til ${brand.siteName}`,
    preheader: 'En ny lenke for å logge inn (gjelder i 7 dager).',
    blocks: [
      heading('Logg inn'),
      p(`Her er en ny innloggingslenke for ${s.email}. Trykk på knappen for å logge inn; du kan velge et passord etterpå.`),
      button('Logg inn', s.signInUrl),
      small('Lenken kan brukes én gang og gjelder i 7 dager. Eldre innloggingslenker virker ikke lenger.'),
    ],
  });
}

/** The mentor changed the student's e-mail address: the new address confirms it by this link. */
export function emailChangeMail(brand: MailBrand, c: { confirmUrl: string; oldEmail: string; newEmail: string }): RenderedMail {
  return renderMail({
    brand,
    subject: `Bekreft ny e-postadresse hos ${brand.siteName}`,
    preheader: 'Bekreft at denne adressen skal brukes for kontoen din.',
    blocks: [
      heading('Bekreft ny e-postadresse'),
      p(`Kontoen din hos ${brand.siteName} skal bytte e-postadresse fra ${c.oldEmail} til ${c.newEmail}.`),
      p('Trykk på knappen for å bekrefte. Til du gjør det, logger du inn med den gamle adressen.'),
      button('Bekreft ny adresse', c.confirmUrl),
      small('Lenken gjelder i 7 dager. Har du ikke bedt om dette, kan du se bort fra e-posten; ingenting endres da.'),
    ],
  });
}

/**
 * The mentor asked to change the account's address: the old address is told, with a link that stops the
 * change while the new address has not confirmed it (docs/decisions.md "E-mail addresses").
 */
export function emailChangeNoticeMail(
  brand: MailBrand,
  c: { stopUrl: string; oldEmail: string; newEmail: string; requestedAt: string },
): RenderedMail {
  return renderMail({
    brand,
    subject: `E-postadressen til kontoen din hos ${brand.siteName} endres`,
    preheader: `Kontoen skal flyttes til ${c.newEmail}. Stopp endringen hvis du ikke vil det.`,
    blocks: [
      heading('E-postadressen til kontoen din endres'),
      p(`${c.requestedAt} ba mentoren om å flytte kontoen din hos ${brand.siteName} fra ${c.oldEmail} til ${c.newEmail}.`),
      p(
        'Når den nye adressen bekrefter endringen, logger du inn med den, og innloggingslenker og lenker for nytt passord går dit. Har du ikke avtalt dette med mentoren, stopper du endringen her:',
      ),
      button('Stopp endringen', c.stopUrl),
      small('Lenken virker til den nye adressen er bekreftet, og i høyst 7 dager. Er du usikker, svar på denne e-posten.'),
    ],
  });
}

/** What happened to the account's second factor (turned on, a recovery code used, locked after wrong codes). */
export function totpChangedMail(
  brand: MailBrand,
  c: {
    change: 'enabled' | 'recovery-code-used' | 'locked';
    email: string;
    at: string;
    lockedUntil: string | null;
    recoveryCodesLeft: number;
    settingsUrl: string;
  },
): RenderedMail {
  const notYou = 'Var det ikke deg? Bytt passord med en gang (Glemt passord? på innloggingssiden) og svar på denne e-posten.';
  if (c.change === 'enabled')
    return renderMail({
      brand,
      subject: `Tofaktorinnlogging er slått på hos ${brand.siteName}`,
      preheader: 'Innlogging krever nå en engangskode fra autentiseringsappen.',
      blocks: [
        heading('Tofaktorinnlogging er slått på'),
        p(
          `${c.at} ble tofaktorinnlogging slått på for ${c.email}. Heretter ber vi om en engangskode fra appen når du logger inn.`,
        ),
        p('Ta vare på gjenopprettingskodene: de er den eneste veien inn hvis du mister telefonen.'),
        button('Se kontoinnstillingene', c.settingsUrl),
        small(notYou),
      ],
    });
  if (c.change === 'recovery-code-used')
    return renderMail({
      brand,
      subject: `En gjenopprettingskode er brukt hos ${brand.siteName}`,
      preheader: `${c.recoveryCodesLeft} gjenopprettingskoder igjen.`,
      blocks: [
        heading('En gjenopprettingskode er brukt'),
        p(
          `${c.at} ble en gjenopprettingskode brukt for å logge inn på ${c.email}. Hver kode virker én gang; du har ${c.recoveryCodesLeft} igjen.`,
        ),
        p('Har du mistet telefonen, slå tofaktorinnloggingen av og på igjen i kontoinnstillingene, så får du nye koder.'),
        button('Se kontoinnstillingene', c.settingsUrl),
        small(notYou),
      ],
    });
  return renderMail({
    brand,
    subject: `Tofaktorinnloggingen din er låst hos ${brand.siteName}`,
    preheader: 'For mange feil engangskoder på kort tid.',
    blocks: [
      heading('Tofaktorinnloggingen er låst'),
      p(
        `${c.at} ble det skrevet inn feil engangskode for mange ganger på ${c.email}. Engangskoder fra appen virker ikke før ${c.lockedUntil ?? 'om en stund'}; en gjenopprettingskode virker fortsatt.`,
      ),
      p(
        'For å komme så langt måtte noen kjenne passordet ditt eller bruke en lenke sendt til denne adressen. Var det ikke deg, bytt passord med en gang.',
      ),
      button('Se kontoinnstillingene', c.settingsUrl),
      small('Var det deg, kan du se bort fra denne e-posten.'),
    ],
  });
}
