/**
 * What a failed mail's error means, for the mentor: the receiving server's SMTP reply (RFC 5321's
 * three-digit code and RFC 3463's enhanced status, e.g. `550 5.1.1`) in plain Norwegian, and whether
 * the address itself is wrong (`hard`: sending again bounces again, the address must be corrected).
 * The raw text stays available behind it.
 */
export interface MailFailureMeaning {
  /** One short Norwegian sentence. */
  meaning: string;
  /** The address does not exist or takes no mail: correct it instead of sending again. */
  hard: boolean;
}

/** Enhanced status codes (class.subject.detail) by their meaning; the first match wins. */
const ENHANCED: Array<[RegExp, MailFailureMeaning]> = [
  [/^5\.1\.1$/, { meaning: 'Adressen finnes ikke', hard: true }],
  [/^5\.1\.(2|10)$/, { meaning: 'Domenet i adressen finnes ikke eller tar ikke imot e-post', hard: true }],
  [/^5\.1\.3$/, { meaning: 'Adressen er skrevet feil', hard: true }],
  [/^5\.1\.6$/, { meaning: 'Postkassen er flyttet eller lagt ned', hard: true }],
  [/^5\.2\.1$/, { meaning: 'Postkassen er stengt', hard: true }],
  [/^[45]\.2\.2$/, { meaning: 'Postkassen er full', hard: false }],
  [/^[45]\.3\.4$|^5\.2\.3$/, { meaning: 'E-posten er for stor for mottakeren', hard: false }],
  [
    /^5\.7\.(1|26|27)$|^5\.7\.\d+$/,
    { meaning: 'Mottakerens server avviste e-posten (sperret eller tatt for søppelpost)', hard: false },
  ],
  [/^4\./, { meaning: 'Midlertidig feil hos mottakeren: prøv igjen senere', hard: false }],
];

/** Three-digit reply codes without an enhanced status. */
const BASIC: Record<string, MailFailureMeaning> = {
  '421': { meaning: 'Mottakerens server var opptatt: prøv igjen senere', hard: false },
  '450': { meaning: 'Postkassen var ikke tilgjengelig nå: prøv igjen senere', hard: false },
  '451': { meaning: 'Midlertidig feil hos mottakeren: prøv igjen senere', hard: false },
  '452': { meaning: 'Postkassen er full', hard: false },
  '535': { meaning: 'Innloggingen hos e-posttjenesten feilet: sjekk SMTP-innstillingene', hard: false },
  '550': { meaning: 'Adressen finnes ikke eller tar ikke imot e-post', hard: true },
  '551': { meaning: 'Adressen finnes ikke her lenger', hard: true },
  '552': { meaning: 'Postkassen er full', hard: false },
  '553': { meaning: 'Adressen er skrevet feil', hard: true },
  '554': { meaning: 'Mottakerens server avviste e-posten', hard: false },
};

/** Failures before any server answered (nodemailer's and Node's codes). */
const CONNECTION =
  /\b(ECONNREFUSED|ECONNRESET|ETIMEDOUT|ESOCKET|ENOTFOUND|EAI_AGAIN|ECONNECTION|Greeting never received|Connection timeout)\b/i;

/**
 * The meaning of a failed mail's `lastError`, or null for none. Texts the site wrote itself (already
 * Norwegian, no SMTP code) are their own meaning.
 */
export function mailFailureMeaning(lastError: string | null | undefined): MailFailureMeaning | null {
  const text = (lastError ?? '').trim();
  if (!text) return null;
  // Before the codes: a port in the error ("127.0.0.1:587") is no reply code.
  if (CONNECTION.test(text)) return { meaning: 'Fikk ikke kontakt med e-posttjeneren', hard: false };
  const enhanced = /\b([245]\.\d{1,3}\.\d{1,3})\b/.exec(text)?.[1];
  if (enhanced && !enhanced.startsWith('2.')) {
    for (const [re, m] of ENHANCED) if (re.test(enhanced)) return m;
  }
  const basic = /(?:^|[^\d.])([45]\d\d)(?=[\s\-:]|$)/.exec(text)?.[1];
  if (basic && BASIC[basic]) return BASIC[basic];
  if (basic)
    return {
      meaning: basic.startsWith('4') ? 'Midlertidig feil hos mottakeren' : 'Mottakerens server avviste e-posten',
      hard: false,
    };
  if (/[æøå]|^(Ikke sendt|Ga opp|Innholdet)/i.test(text)) return { meaning: text, hard: false };
  return { meaning: 'Ukjent feil ved sending', hard: false };
}
