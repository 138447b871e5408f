/**
 * «Logg inn med Vipps» (issue 49): Vipps MobilePay's Login API (OpenID Connect) signs a buyer in or
 * makes the account, with the verified name and e-mail (docs/decisions.md "Logg inn med Vipps").
 */

/**
 * `?vipps=` on the sign-in page after «Logg inn med Vipps» went wrong: each has its Norwegian text in
 * {@link VIPPS_LOGIN_MSG}.reasons.
 */
export const VIPPS_LOGIN_REASONS = [
  'avbrutt',
  'samtykke',
  'utlopt',
  'brukt',
  'ugyldig',
  'nede',
  'ubekreftet',
  'mangler-epost',
  'admin',
  'opptatt',
  'av',
] as const;
export type VippsLoginReason = (typeof VIPPS_LOGIN_REASONS)[number];

/** What the browser still has to do after Vipps (`GET /api/auth/vipps/pending`, the page `/login/vipps`). */
export type VippsLoginStep = 'kode' | 'bekreft';

/** GET /api/auth/vipps/pending: this browser's sign-in with Vipps that waits for a step. */
export interface VippsLoginPending {
  step: VippsLoginStep;
  /** The account's address (the verified address Vipps gave, which is the account's). */
  email: string;
  /** `bekreft`: the account has a password, so it can confirm with it (else only by the mailed link). */
  passwordSet: boolean;
  /** `bekreft`: a confirmation link has been mailed. */
  mailSent: boolean;
}

/** A finished sign-in with Vipps: where the browser goes now (a path on this site). */
export interface VippsLoginDone {
  next: string;
}

/** POST /api/auth/vipps/confirm/link: signed in (`next`), or the account still wants its one-time code. */
export type VippsLoginConfirmed = VippsLoginDone | { step: 'kode' };

export const VIPPS_LOGIN_MSG = {
  reasons: {
    avbrutt: 'Du avbrøt innloggingen i Vipps. Du kan prøve igjen, eller logge inn med e-post og passord.',
    samtykke:
      'Du delte ikke navn og e-postadresse fra Vipps, så vi kunne ikke logge deg inn. Prøv igjen og godkjenn delingen, eller logg inn med e-post og passord.',
    utlopt: 'Innloggingen med Vipps ble startet i en annen fane eller er for gammel. Prøv igjen.',
    brukt: 'Denne innloggingen med Vipps er allerede brukt. Prøv igjen.',
    ugyldig: 'Svaret fra Vipps kunne ikke bekreftes, så du er ikke logget inn. Prøv igjen.',
    nede: 'Vipps svarer ikke akkurat nå. Prøv igjen om litt, eller logg inn med e-post og passord.',
    ubekreftet:
      'E-postadressen din i Vipps er ikke bekreftet, så vi kan ikke bruke den. Bekreft adressen i Vipps-appen, eller logg inn med e-post og passord.',
    'mangler-epost': 'Vipps ga oss ingen e-postadresse, så vi kunne ikke logge deg inn. Logg inn med e-post og passord.',
    admin: 'Administratorkontoen logger inn med e-post, passord og engangskode, ikke med Vipps.',
    opptatt: 'Du har startet innlogging med Vipps mange ganger på kort tid. Vent noen minutter, og prøv igjen.',
    av: 'Innlogging med Vipps er ikke slått på her. Logg inn med e-post og passord.',
  } satisfies Record<VippsLoginReason, string>,
  /** The browser has no sign-in with Vipps waiting (none started here, or it is over). */
  noPending: 'Innloggingen med Vipps er utløpt eller fullført. Start på nytt med «Logg inn med Vipps».',
  noPassword: 'Kontoen har ikke passord. Bekreft med lenken vi sender på e-post.',
  confirmMailSent: 'Vi har sendt en lenke til e-postadressen. Åpne den for å koble Vipps til kontoen.',
  tooManyMails: 'Vi har allerede sendt lenken flere ganger. Sjekk e-posten (også søppelpost), eller start på nytt.',
  invalidConfirmLink: 'Lenken er ugyldig eller utløpt. Start på nytt med «Logg inn med Vipps».',
  /** The Vipps identity or the account was linked to another meanwhile. */
  linkTaken: 'Denne Vipps-kontoen er allerede koblet til en annen konto her.',
  off: 'Innlogging med Vipps er ikke slått på her',
  notLinked: 'Kontoen er ikke koblet til Vipps',
  unlinkNeedsPassword: 'Sett et passord først, så du fortsatt kan logge inn når Vipps er koblet fra.',
  unlinked: 'Vipps er koblet fra kontoen. Du logger inn med e-post og passord.',
} as const;

/** POST /api/auth/vipps/totp: the account's one-time code (or a recovery code) after Vipps. */
export interface VippsCodeRequest {
  email: string;
  totp: string;
}

/** POST /api/auth/vipps/confirm: the holder's password (and code) that links Vipps to the account. */
export interface VippsConfirmRequest {
  email: string;
  password: string;
  totp?: string;
}

/** POST /api/auth/vipps/confirm/link: the token of the mailed link that links Vipps to the account. */
export interface VippsConfirmLinkRequest {
  token: string;
}
