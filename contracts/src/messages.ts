import type { ErrorCode } from './api';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password';

/** øre → `1 997 kr` or `1 497,50 kr` (plain spaces), for the messages below. */
function formatKrPlain(ore: number): string {
  const [kr, decimals] = (Math.round(ore) / 100).toFixed(2).split('.');
  const grouped = kr.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${grouped}${decimals === '00' ? '' : `,${decimals}`} kr`;
}

/**
 * The one vocabulary: every Norwegian text the API answers with, errors first of all (an error's
 * `message`), for the backend to answer and the pages to show. SPEC.md §5 and §8 texts are word for
 * word. E-mail copy is not here (mail/templates); the pages' own copy is in the frontend.
 */
export const MSG = {
  invalidCredentials: 'Ugyldig e-post eller passord',
  passwordTooShort: `Passord må være minst ${MIN_PASSWORD_LENGTH} tegn`,
  passwordTooCommon: 'Passordet er for vanlig. Velg et annet.',
  passwordTooLong: `Passord kan være maks ${MAX_PASSWORD_LENGTH} tegn`,
  confirmPasswordRequired: 'Bekreft passordet',
  setPasswordMismatch: 'Passordene stemmer ikke overens',
  changePasswordMismatch: 'Nye passord stemmer ikke overens',
  wrongCurrentPassword: 'Nåværende passord er feil',
  currentPasswordRequired: 'Skriv inn nåværende passord',
  passwordSet: 'Passord satt! Du kan nå logge inn med ditt nye passord.',
  passwordUpdated: 'Passord oppdatert!',
  studentCountThresholdInvalid: 'Antall elever må være et helt tall, 0 eller mer',
  passwordUnchanged: 'Det nye passordet er det samme som det nåværende. Velg et annet passord.',
  fillAllFields: 'Vennligst fyll ut alle feltene',
  invalidCourseId: 'Invalid course ID',
  paymentError: 'Det oppstod en feil ved opprettelse av betalingen. Prøv igjen.',
  unauthenticated: 'Du må logge inn for å fortsette',
  forbidden: 'Du har ikke tilgang til dette',
  notFound: 'Fant ikke siden eller ressursen',
  apiNotFound: 'Ukjent API-adresse',
  tooManyRequests: 'For mange forsøk. Vent litt og prøv igjen.',
  invalidJson: 'Ugyldig JSON i forespørselen',
  unsupportedMediaType: 'Forespørselen må sendes som JSON',
  payloadTooLarge: 'Forespørselen er for stor',
  invalidUrl: 'Ugyldig adresse',
  fileNotFound: 'Fant ikke filen',
  requestTimeout: 'Forespørselen tok for lang tid. Prøv igjen.',
  validation: 'Ugyldige data i forespørselen',
  unknownField: (f: string) => `Ukjent felt: ${f}`,
  invalidValue: (f: string) => `Ugyldig verdi for ${f}`,
  unknownForm: 'Ukjent skjema',
  invalidEmail: 'Skriv inn en gyldig e-postadresse',
  emailRequired: 'E-post er påkrevd',
  csrf: 'Forespørselen ble avvist av sikkerhetshensyn',
  invalidUnsubscribeLink: 'Avmeldingslenken er ugyldig eller ufullstendig',
  invalidToken: 'Lenken er ugyldig eller utløpt. Logg inn eller be om en ny lenke.',
  serviceUnavailable: 'Tjenesten er midlertidig utilgjengelig. Prøv igjen om litt.',
  internal: 'Noe gikk galt hos oss. Prøv igjen.',
  unknownCourse: 'Kurs ikke funnet',
  forgotPasswordSent:
    'Hvis e-postadressen er registrert hos oss, får du snart en e-post med en lenke for å lage nytt passord. Lenken gjelder i 1 time.',
  resetTokenInvalid: 'Lenken for nytt passord er ugyldig, brukt eller utløpt. Be om en ny lenke.',
  passwordReset: 'Nytt passord er lagret. Du er nå logget inn.',
  claimRequired: 'Bruk innloggingslenken vi sendte på e-post før du setter passord',
  claimRequiredForData: 'Bruk innloggingslenken vi sendte på e-post før du laster ned eller sletter dataene dine',
  claimRequiredForTotp: 'Bruk innloggingslenken vi sendte på e-post før du slår på tofaktorinnlogging',
  accountSwitch: 'Du er logget inn med en annen konto. Vil du logge ut av den og bruke lenken?',
  totpRequired: 'Skriv inn engangskoden fra autentiseringsappen',
  totpInvalid: 'Feil eller utløpt engangskode. Prøv igjen med en ny kode.',
  totpEnrolmentRequired: 'Slå på tofaktorinnlogging før du bruker adminpanelet.',
  totpAlreadyEnabled: 'Tofaktorinnlogging er allerede slått på. Slå den av først for å sette den opp på nytt.',
  totpNoPendingSetup: 'Start oppsettet av tofaktorinnlogging på nytt.',
  totpNotEnabled: 'Tofaktorinnlogging er ikke slått på.',
  totpDisabled: 'Tofaktorinnlogging er slått av.',
  reauthRequired: 'Bekreft at det er deg: skriv inn passordet ditt på nytt.',
  reauthAfterLink: 'Du logget inn med en lenke fra e-posten. Bekreft at det er deg: skriv inn passordet ditt.',
  totpLocked: (until: string) =>
    `For mange feil engangskoder. Tofaktorinnloggingen er låst til kl. ${until}. Du kan fortsatt bruke en gjenopprettingskode.`,
  totpLockedForNow:
    'For mange feil engangskoder. Tofaktorinnloggingen er låst en stund. Du kan fortsatt bruke en gjenopprettingskode.',
  reauthWrongPassword: 'Feil passord',
  switchAccountInvalid: 'Ugyldig valg for kontobytte',

  // Fields of the forms (the DTOs' words).
  unknownCourseType: 'Ukjent kurstype',
  unknownTrafficSource: 'Ukjent trafikkilde',
  sourceMissing: 'Kilde mangler',
  notText: (field: string) => `${field} må være tekst`,
  tooLong: (field: string, max: number) => `${field} kan være maks ${max} tegn`,
  notEmpty: (field: string) => `${field} kan ikke være tom`,
  notNegative: (field: string) => `${field} kan ikke være negativ`,
  yesOrNo: (field: string) => `${field} må være ja eller nei`,
  wholeNumber: (field: string) => `${field} må være et helt tall`,

  // The unsubscribe link.
  unsubscribeInvalidTitle: 'Ugyldig avmeldingslenke',
  unsubscribeInvalidText: (contactEmail: string) =>
    'Lenken er ugyldig eller ufullstendig, så vi kunne ikke melde deg av. ' +
    `Bruk hele lenken fra e-posten, eller skriv til ${contactEmail}, så hjelper vi deg.`,

  // Checkout, payments and refunds.
  paymentUnavailable: 'Betaling er ikke tilgjengelig akkurat nå. Prøv igjen senere, eller kontakt oss.',
  alreadyOwned: (title: string) => `Du har allerede tilgang til ${title}. Logg inn for å fortsette kurset.`,
  /** Refund reasons of payments refused when they landed (the order is refunded at once). */
  refusedAlreadyOwned: 'Kjøperen eide kurset allerede: betalingen er refundert automatisk',
  refusedCodeUsedUp: 'Kampanjekoden var brukt opp da betalingen kom: betalingen er refundert automatisk',
  refusedUpgradeCreditGone:
    'Oppgraderingsrabatten gjaldt ikke lenger da betalingen kom (betalingen den kom fra er refundert): betalingen er refundert automatisk',
  /** A demo payment whose upgrade credit no longer stands (nothing is paid). */
  upgradeCreditGone:
    'Oppgraderingsrabatten gjelder ikke lenger: betalingen for kurset du oppgraderer fra er refundert. Last inn siden på nytt for å se prisen nå.',
  /** Part of the order's money is the credit of a paid upgrade: only the rest can be refunded alone. */
  refundCreditTied: (maxOre: number, tiedOre: number, upgradeOrderId: number) =>
    `${formatKrPlain(tiedOre)} av denne betalingen er brukt som oppgraderingsrabatt på ordre ${upgradeOrderId}. ` +
    (maxOre > 0
      ? `Alene kan høyst ${formatKrPlain(maxOre)} refunderes; ellers refunder begge ordrene sammen.`
      : 'Refunder begge ordrene sammen.'),
  refundWithUpgradeWhole: 'Når begge ordrene refunderes sammen, refunderes hele beløpet på begge. Ta bort beløpet.',
  acceptTermsRequired:
    'Du må samtykke til at leveringen starter med en gang og bekrefte at angreretten da bortfaller, før du kan betale.',
  paymentMethod: 'Velg betalingsmåte: kort, Vipps eller Klarna',
  /** The method is not offered for this purchase (Vipps not set up, Klarna below 1 500 kr). */
  paymentMethodUnavailable: (method: string) => `${method} er ikke tilgjengelig for dette kjøpet. Velg en annen betalingsmåte.`,
  /** «Forny automatisk hvert år» (docs/decisions.md "Memberships"). */
  autoRenewOnlyMembership: 'Automatisk fornyelse finnes bare for VIP-medlemskapet.',
  autoRenewCardOnly:
    'Automatisk fornyelse betales med kort eller Vipps. Velg en av dem, eller ta bort «Forny automatisk hvert år».',
  autoRenewNoCampaignCode:
    'Kampanjekoder gjelder bare en enkelt periode. Ta bort koden, eller ta bort «Forny automatisk hvert år».',
  autoRenewUnavailable: 'Automatisk fornyelse er ikke tilgjengelig akkurat nå. Kjøp en enkelt periode, eller prøv igjen senere.',
  /** A member whose membership renews by itself is not sold another period (docs/decisions.md "Automatic renewal"). */
  autoRenewAlready: (date: string, price: string, method: string) =>
    `Medlemskapet ditt fornyes allerede automatisk ${date} for ${price} (${method}), og da får du 12 nye måneder. ` +
    'Du trenger ikke kjøpe et nytt år nå. Vil du endre eller si opp fornyelsen, gjør du det på VIP-siden i kursoversikten.',
  renewalVippsStopped:
    'Vipps-avtalen ble stoppet og kan ikke startes igjen. Velg «Forny automatisk hvert år» med Vipps neste gang du fornyer VIP.',
  renewalNotRenewing: 'Medlemskapet ditt fornyes ikke automatisk, så det er ingenting å si opp.',
  renewalNotCancelled: 'Fornyelsen er allerede på, eller perioden er over.',
  adminRenewalNotRenewing: 'Eleven har ikke et VIP-abonnement som fornyes automatisk, så det er ingenting å stoppe.',
  renewalNoCard: 'Medlemskapet ditt betales ikke med kort, så det er ikke noe kort å endre.',
  nameTooLong: 'Navnet kan være maks 100 tegn',
  invalidSignature: 'Ugyldig eller manglende signatur',
  invalidEvent: 'Ugyldig hendelse fra Stripe',
  invalidVippsEvent: 'Ugyldig hendelse fra Vipps',
  vippsWebhookStale: 'Hendelsen fra Vipps er datert mer enn 5 minutter fra serverens klokke (x-ms-date) og er avvist',
  sessionNotFound: 'Fant ikke betalingen',
  providerCheckFailed: 'Vi fikk ikke sjekket betalingen akkurat nå. Prøv igjen om litt.',
  orderNotFound: 'Fant ikke ordren',
  receiptNotFound: 'Fant ikke kvitteringen',
  refundNotAllowed: 'Bare betalte ordrer kan refunderes',
  refundAmount: (maxOre: number) => `Beløpet må være et helt antall øre mellom 1 og ${maxOre}`,
  refundReasonRequired: 'Skriv en begrunnelse for refusjonen',
  refundReasonTooLong: 'Begrunnelsen kan være maks 500 tegn',
  refundRejected: 'Betalingsleverandøren avviste refusjonen. Ingenting er endret.',
  refundProviderDown: 'Fikk ikke kontakt med betalingsleverandøren. Ingenting er endret – prøv igjen om litt.',
  refundMissingReference: 'Ordren mangler betalingsreferanse fra Stripe og kan ikke refunderes herfra.',
  refundNotCaptured: 'Vipps-betalingen er ikke trukket ennå og kan ikke refunderes nå. Prøv igjen om litt.',
  refundedInVipps: 'Refundert i Vipps',
  refundConflict: 'Ordren ble endret samtidig. Last inn siden på nytt og prøv igjen.',
  refundedInStripe: 'Refundert i Stripe',

  // Campaign codes (checkout and admin panel).
  campaignCodeInvalid: 'Kampanjekoden kan bare ha 3–40 bokstaver, tall, - eller _',
  /** One answer for every code that cannot be used now (unknown, other course, off, not yet, expired, used up). */
  campaignCodeUnusable: 'Kampanjekoden kan ikke brukes på dette kurset nå. Sjekk skrivemåten.',
  campaignCodeExists: 'Det finnes allerede en kampanjekode med dette navnet',
  campaignCodeDiscount: 'Oppgi rabatten enten i prosent eller som beløp, ikke begge',
  campaignCodePercent: 'Prosent må være et helt tall fra 1 til 100',
  campaignCodeAmount: 'Rabattbeløpet må være et helt antall øre, minst 100 (1 kr)',
  campaignCodeCourses: 'Velg minst ett kurs som selges i kassen',
  campaignCodeDate: (field: string) => `${field} må være et tidspunkt (ISO 8601)`,
  campaignCodeDates: 'Gyldig fra må være før gyldig til',
  campaignCodeMaxUses: 'Maks antall bruk må være et helt tall fra 1, eller tomt for ingen grense',
  campaignCodeInUse: 'Koden er brukt på betalte ordrer og kan ikke slettes. Slå den av i stedet.',
  partnerCommission:
    'Oppgi enten provisjon i prosent (over 0 og høyst 100, med inntil to desimaler) eller et fast beløp per ordre',
  partnerCodes: 'Oppgi minst én kampanjekode for partneren',
  partnerCodeUnknown: (code: string) => `Kampanjekoden ${code} finnes ikke. Lag den under Kampanjekoder først.`,
  partnerCodeTaken: (code: string) => `Kampanjekoden ${code} tilhører allerede en annen partner`,
  partnerExists: 'Denne e-postadressen er allerede partner',
  partnerNothingToPay: 'Partneren har ingen godkjent provisjon å utbetale',
  partnerErased: 'Partneren er slettet. Ordrene og utbetalingene står igjen i regnskapet uten navn.',
  partnerEraseAfterPayout: (owed: string) =>
    `Partneren har ${owed} i provisjon som ikke er utbetalt ennå. Partneren slettes automatisk når den er utbetalt.`,
  partnerPayoutDate: 'Oppgi utbetalingsdatoen som ÅÅÅÅ-MM-DD',
  partnerPayoutReference: 'Oppgi bankens referanse for utbetalingen (høyst 140 tegn)',
  partnerOnly: 'Denne siden er for partnere. Logg inn med e-postadressen du fikk partnerlenken på.',
  campaignCodeCourseRequired: 'Oppgi kurset koden skal brukes på',

  // Courses and progress.
  courseNotOwned: 'Du har ikke tilgang til dette kurset',
  courseAlreadyOwned: 'Du har allerede tilgang til dette kurset.',
  moduleNotInCourse: 'Modulen finnes ikke i dette kurset',
  invalidModule: 'Ugyldig modul',
  invalidModuleId: 'Ugyldig modul-id',
  progressBusy: 'Fremdriften ble endret samtidig. Prøv igjen.',
  completedModulesRequired: 'Fullførte moduler er påkrevd',
  completedModulesList: 'Fullførte moduler må være en liste',
  tooManyModules: 'For mange moduler',
  moduleIdInteger: 'Modul-id må være et heltall',
  moduleNumberRequired: 'Modulnummer er påkrevd',
  moduleNumberInteger: 'Modulnummeret må være et heltall',

  // The account's own data (export and erasure).
  deleteWrongPassword: 'Feil passord. Kontoen ble ikke slettet.',
  deletePasswordRequired: 'Skriv inn passordet ditt for å slette kontoen.',
  deleteEmailMismatch: 'E-postadressen stemmer ikke med kontoen. Kontoen ble ikke slettet.',
  deleteEmailRequired: 'Skriv inn e-postadressen din for å slette kontoen.',
  adminCannotDelete:
    'Administratorkontoer kan ikke slettes her. Gi en annen konto administratorrollen først, eller kontakt driftsansvarlig.',
  accountDeleted: 'Kontoen din er slettet. Ordrene er beholdt anonymisert for regnskapet.',

  // The admin panel.
  recordNotFound: 'Fant ikke posten',
  studentNotFound: 'Fant ikke eleven',
  accountExists: 'Det finnes allerede en konto med denne e-postadressen',
  studentAlreadyOwns: 'Eleven har allerede tilgang til dette kurset',
  membershipDays: 'Antall dager må være et helt tall mellom 1 og 730',
  notAMembership: 'Dette er ikke et VIP-medlemskap',
  membershipEnded: 'VIP-perioden er allerede avsluttet',
  bulkGrantIds: 'Velg mellom 1 og 500 elever',
  emailChangeInvalid: 'Lenken for å bekrefte ny e-postadresse er ugyldig eller utløpt. Be mentoren sende en ny.',
  emailChangeStopInvalid:
    'Lenken for å stoppe endringen er ugyldig eller utløpt, eller endringen er allerede bekreftet eller stoppet. Kontakt oss hvis e-postadressen er endret uten at du ville det.',
  emailChangeStopped: 'Endringen er stoppet. Kontoen din bruker fortsatt denne e-postadressen.',
  emailChangeTaken: 'Det finnes allerede en konto med den nye e-postadressen',
  emailUnchanged: 'Den nye e-postadressen er den samme som den gamle',
  grantNotFound: 'Fant ikke tilgangen',
  grantIncluded: (product: string) =>
    `Denne tilgangen følger med ${product || 'et større kurs'}. Trekk tilbake ${product || 'den'}-tilgangen i stedet.`,
  courseNotFound: 'Fant ikke kurset',
  moduleNotFound: 'Fant ikke modulen',
  courseIdFixed: 'Kurs-id kan ikke endres',
  vatTreatmentInvalid: 'MVA-behandling må være standard, exempt eller split',
  vatExemptRequired: 'Delt MVA trenger beløpet som er unntatt (øre)',
  vatExemptBelowPrice: (priceKr: string) => `Beløpet som er unntatt må være over 0 og under prisen (${priceKr})`,
  vatExemptOnlySplit: 'Beløpet som er unntatt settes bare for delt MVA',
  reportPeriodInvalid: 'Perioden må ha fra- og til-dato (ÅÅÅÅ-MM-DD), fra før eller lik til, og høyst 366 dager',
  unknownPlayerCourse: 'Ukjent kurs',
  unknownSetting: 'Ukjent innstilling',
  durationWholeMinutes: 'Varighet må være et helt antall minutter',
  durationMax: 'Varighet kan være maks 1000 minutter',
  sortOrderMax: 'Rekkefølge kan være maks 10000',
  refundAmountWhole: 'Beløpet må være et helt antall øre',
  refundAmountMin: 'Beløpet må være minst 1 øre',
  leadNotFound: 'Fant ikke leadet',
  leadIsStudent: 'Adressen tilhører en elev. Slett eleven (med alle data) fra elevsiden i stedet.',
  leadIdsRequired: 'Velg minst én lead (maks 1000)',
  auditRowNotFound: 'Fant ikke loggraden',
  mailNotFound: 'Fant ikke e-posten',
  mailSending: 'E-posten sendes akkurat nå. Prøv igjen om litt.',
  statsDate: (param: string) => `Parameteren ${param} må være en dato (ÅÅÅÅ-MM-DD)`,
  statsFromAfterTo: 'Fra-datoen må være før til-datoen',
  statsMaxDays: (days: number) => `Perioden kan være maks ${days} dager`,

  // Live sessions.
  liveSessionNotFound: 'Fant ikke live-økten',
  liveCourseIds: 'Velg minst ett kurs: Foundation, Accelerator eller Kryptovaluta',
  liveStartsAt: 'Start må være dato og klokkeslett i norsk tid (ÅÅÅÅ-MM-DDTtt:mm)',
  liveDuration: 'Varighet må være et helt antall minutter mellom 5 og 600',
  liveJoinUrl: 'Lenken for å bli med må være en gyldig https-adresse (maks 500 tegn)',
  liveRecording: 'Opptak må være en YouTube-id på 11 tegn (eller en YouTube-lenke)',
  liveRecurrence: 'Gjentakelse: oppgi enten antall økter (2–52) eller en sluttdato, ikke begge',
  liveRecurrenceFrequency: 'Gjentakelse må være «hver uke» eller «første ukedag i måneden»',
  liveRecurrenceFirstWeekday: 'For «første ukedag i måneden» må starten være den første slike ukedagen i måneden',
  liveRecurrenceUntil: 'Sluttdatoen må være en dato (ÅÅÅÅ-MM-DD) fra starten og maks ett år frem',
  liveRecurrenceTooMany: 'En serie kan ha maks 52 økter',
  liveSessionCancelled: 'Live-økten er avlyst og kan ikke endres',
  calendarNotFound: 'Fant ikke kalenderen. Hent den nye adressen under Kontoinnstillinger.',

  // The admin lists' query (ra-data-simple-rest).
  listParamOnce: (name: string) => `Parameteren ${name} kan bare oppgis én gang`,
  listParamTooLong: (name: string) => `Parameteren ${name} er for lang`,
  listParamJson: (name: string) => `Parameteren ${name} må være gyldig JSON`,
  listFilterObject: 'Parameteren filter må være et JSON-objekt',
  listSortShape: 'Parameteren sort må være på formen ["felt","ASC"]',
  listSortField: (field: string) => `Kan ikke sortere på ${field}`,
  listSortOrder: 'Sorteringsretningen må være ASC eller DESC',
  listRangeShape: 'Parameteren range må være på formen [fra,til] med hele tall, der 0 ≤ fra ≤ til',
  listRangeMax: (max: number) => `Kan hente maks ${max} rader om gangen`,
  listFilterValue: (key: string) => `Ugyldig verdi for filteret ${key}`,
  listUnknownFilter: (key: string) => `Ukjent filter: ${key}`,

  // Drip release, mentorship and certificates.
  moduleLocked: (date: string) => `Denne modulen er ikke åpnet ennå. Den åpnes ${date}.`,
  moduleLockedShort: 'Denne modulen er ikke åpnet ennå.',
  noMentorship: 'Tilgangen har ingen mentorperiode',
  mentorshipDays: 'Antall dager må være et helt tall mellom 1 og 365',
  bookingUrlInvalid: 'Bookinglenken må være en https-adresse (maks 500 tegn)',
  certificateNotFound: 'Fant ikke sertifikatet',
  paymentReviewNotFound: 'Fant ikke betalingen som venter på vurdering',
  certificateNotEarned: 'Du har ikke fått sertifikat for dette kurset ennå. Fullfør alle modulene og bestå quizene først.',
  certificateRevokedAccessEnded: 'Sertifikatet er trukket tilbake fordi tilgangen til kurset er avsluttet.',
  certificateRevokedByMentor: 'Sertifikatet er trukket tilbake av utstederen.',
  nameRequired: 'Skriv inn navnet ditt slik det skal stå på sertifikatet.',
  nameSaved: 'Navnet er lagret',
  firstNameRequired: 'Skriv inn fornavnet ditt',
  lastNameRequired: 'Skriv inn etternavnet ditt',
  nameMax: (field: string, max: number) => `${field} kan være maks ${max} tegn`,
  nameInvalidChars: 'Navnet kan ikke inneholde kontrolltegn eller < >',
  // Marketing e-mail (consent, broadcasts, sequences).
  marketingConsentInvalid: 'marketingConsent må være true eller false',
  marketingConfirmInvalid: 'Bekreftelseslenken er ugyldig eller utløpt',
  broadcastNotFound: 'Fant ikke utsendelsen',
  broadcastNotDraft: 'Utsendelsen kan bare endres mens den er et utkast',
  broadcastNotScheduled: 'Bare en planlagt utsendelse kan avbrytes',
  broadcastAlreadySent: 'Utsendelsen er allerede sendt eller i gang',
  broadcastAtPast: 'Tidspunktet må være i fremtiden',
  broadcastNoRecipients: 'Segmentet har ingen mottakere',
  segmentInvalid: (why: string) => `Ugyldig segment: ${why}`,
  sequenceNotFound: 'Fant ikke sekvensen',
  sequenceStepsMissing: 'En sekvens må ha minst ett steg',
} as const;

/**
 * Each error code's own message: what an error of that code says when nothing more precise is known
 * (the API's mapping of bare HTTP errors uses it; a page may fall back on it for a code it gets).
 */
export const ERROR_MESSAGES: Readonly<Record<ErrorCode, string>> = {
  BAD_REQUEST: MSG.validation,
  VALIDATION_FAILED: MSG.validation,
  INVALID_JSON: MSG.invalidJson,
  UNSUPPORTED_MEDIA_TYPE: MSG.unsupportedMediaType,
  PAYLOAD_TOO_LARGE: MSG.payloadTooLarge,
  UNAUTHENTICATED: MSG.unauthenticated,
  INVALID_CREDENTIALS: MSG.invalidCredentials,
  TOTP_REQUIRED: MSG.totpRequired,
  TOTP_INVALID: MSG.totpInvalid,
  TOTP_ENROLMENT_REQUIRED: MSG.totpEnrolmentRequired,
  REAUTH_REQUIRED: MSG.reauthRequired,
  TOTP_LOCKED: MSG.totpLockedForNow,
  FORBIDDEN: MSG.forbidden,
  CSRF_REJECTED: MSG.csrf,
  NOT_FOUND: MSG.notFound,
  // A bare 409 has always said only that the request could not be used.
  CONFLICT: MSG.validation,
  ALREADY_OWNED: MSG.courseAlreadyOwned,
  ALREADY_RENEWING: 'Medlemskapet ditt fornyes allerede automatisk. Du finner fornyelsen på VIP-siden i kursoversikten.',
  MODULE_LOCKED: MSG.moduleLockedShort,
  NAME_REQUIRED: MSG.nameRequired,
  TOO_MANY_REQUESTS: MSG.tooManyRequests,
  INVALID_COURSE: MSG.invalidCourseId,
  CAMPAIGN_CODE_UNUSABLE: MSG.campaignCodeUnusable,
  INVALID_TOKEN: MSG.invalidToken,
  PASSWORD_RULE: MSG.passwordTooShort,
  PASSWORD_MISMATCH: MSG.setPasswordMismatch,
  WRONG_PASSWORD: MSG.wrongCurrentPassword,
  PASSWORD_TOO_COMMON: MSG.passwordTooCommon,
  PASSWORD_UNCHANGED: MSG.passwordUnchanged,
  CLAIM_REQUIRED: MSG.claimRequired,
  ACCOUNT_SWITCH: MSG.accountSwitch,
  PAYMENT_UNAVAILABLE: MSG.paymentUnavailable,
  PAYMENT_PROVIDER_ERROR: MSG.paymentError,
  INVALID_SIGNATURE: MSG.invalidSignature,
  INVALID_CAPTIONS: 'Tekstingsfilen er ikke gyldig WebVTT',
  SERVICE_UNAVAILABLE: MSG.serviceUnavailable,
  INTERNAL: MSG.internal,
};
