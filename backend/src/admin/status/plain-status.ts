import type { StatusArea, StatusCheck, StatusFixer, StatusPlain, StatusReport } from '@academy/contracts';

/**
 * «Driftsstatus» in plain words for the mentor (docs/decisions.md "Going live"): each check's
 * technical sentence (what `npm run doctor` prints for whoever runs the server) stays behind
 * «Detaljer»; the line itself says what it means for the academy, who puts it right and how.
 */

interface Problem {
  meaning: string;
  who: StatusFixer;
  how: string;
}

const OPERATOR_SETTINGS = 'Driftsansvarlig retter innstillingen på serveren (se Detaljer) og starter appen på nytt.';

/** What a provider that cannot be used means for the academy. */
const PROVIDER: Partial<Record<StatusArea, { name: string; down: string }>> = {
  stripe: { name: 'Stripe', down: 'Kortbetaling og delbetaling med Klarna kan feile nå.' },
  vipps: { name: 'Vipps', down: 'Betaling med Vipps kan feile nå.' },
  discord: { name: 'Discord', down: 'Nye elever får ikke rollen sin i Discord før dette virker.' },
  mux: { name: 'Mux', down: 'Video kan ikke lastes opp, og elever kan få problemer med å spille av.' },
  fiken: { name: 'Fiken', down: 'Salg blir ikke bokført i Fiken før dette virker (de venter i kø).' },
};

/** A check that could not be done at all (`<area>.api`): an error answer from the provider, or no contact. */
function apiProblem(c: StatusCheck): Problem {
  const p = PROVIDER[c.area] ?? { name: 'Tjenesten', down: 'Denne delen av nettstedet kan feile nå.' };
  const status = /HTTP (\d{3})/.exec(c.message)?.[1];
  if (status && Number(status) >= 500)
    return {
      meaning: `${p.down} ${p.name} svarte med en feil hos seg.`,
      who: 'provider',
      how: `Vent og kjør sjekkene igjen om en stund; ${p.name} retter feil hos seg selv. Varer det, se ${p.name} sin statusside.`,
    };
  if (status)
    return {
      meaning: `${p.down} ${p.name} svarte, men avviste forespørselen.`,
      who: 'operator',
      how: `Driftsansvarlig sjekker nøkkelen og adressen til ${p.name} på serveren (se Detaljer).`,
    };
  return {
    meaning: `${p.down} Serveren fikk ikke kontakt med ${p.name}.`,
    who: 'operator',
    how: `Driftsansvarlig sjekker at serveren når ${p.name} (nettverk, brannmur). Er ${p.name} nede, vent og kjør sjekkene igjen.`,
  };
}

/** What goes wrong, per check, when it is not all right (an error; a warning where it says so). */
const PROBLEMS: Record<string, Problem | { error: Problem; warning: Problem }> = {
  'site.public-url': {
    meaning: 'Besøkende når kanskje ikke nettstedet, eller lenker i e-post og betalinger peker feil sted.',
    who: 'operator',
    how: 'Driftsansvarlig peker domenet til serveren og retter nettstedets adresse (se Detaljer).',
  },
  'site.migrations': {
    meaning: 'Databasen er ikke oppdatert til denne versjonen: deler av nettstedet kan feile.',
    who: 'operator',
    how: 'Driftsansvarlig starter appen på nytt, så oppdateres databasen. Varer det, se Detaljer.',
  },
  'site.clock': {
    meaning: 'Klokka på serveren går feil: betalinger og innlogging kan bli avvist.',
    who: 'operator',
    how: 'Driftsansvarlig slår på tidssynkronisering på serveren.',
  },
  'site.disk': {
    meaning: 'Serveren går tom for plass: opplastinger og sikkerhetskopier stopper når den er full.',
    who: 'operator',
    how: 'Driftsansvarlig rydder disken eller gir serveren mer plass.',
  },
  'stripe.key': {
    meaning: 'Kortbetaling virker ikke: Stripe godtar ikke nøkkelen nettstedet bruker.',
    who: 'operator',
    how: 'Lag en ny hemmelig nøkkel i Stripe (Utviklere → API-nøkler) og gi den til driftsansvarlig. ' + OPERATOR_SETTINGS,
  },
  'stripe.mode': {
    meaning: 'Stripe står i testmodus: ingen ekte penger blir trukket.',
    who: 'operator',
    how: 'Driftsansvarlig bytter til de ekte nøklene fra Stripe før salget starter.',
  },
  'stripe.webhook': {
    meaning: 'Kjøp med kort kan bli stående som ubetalt: kjøpere får ikke tilgang og kvittering av seg selv.',
    who: 'operator',
    how: 'Driftsansvarlig retter webhooken i Stripe (Utviklere → Webhooks) slik Detaljer sier.',
  },
  'stripe.cards': {
    meaning: 'Kortbetaling er ikke slått på i Stripe: kjøpere kan ikke betale med kort.',
    who: 'mentor',
    how: 'Logg inn i Stripe og slå på kort under Innstillinger → Betalingsmåter.',
  },
  'stripe.klarna': {
    meaning: 'Delbetaling med Klarna vises ikke i kassen.',
    who: 'mentor',
    how: 'Logg inn i Stripe og slå på Klarna under Innstillinger → Betalingsmåter.',
  },
  'vipps.token': {
    meaning: 'Betaling med Vipps virker ikke: Vipps godtar ikke nøklene nettstedet bruker.',
    who: 'operator',
    how: 'Hent nøklene på nytt i Vipps-portalen (Utvikler) og gi dem til driftsansvarlig. ' + OPERATOR_SETTINGS,
  },
  'vipps.mode': {
    meaning: 'Vipps står i testmodus: ingen ekte penger blir trukket.',
    who: 'operator',
    how: 'Driftsansvarlig bytter til de ekte Vipps-nøklene før salget starter.',
  },
  'vipps.webhook': {
    meaning: 'Kjøp med Vipps kan bli stående som ubetalt: kjøpere får ikke tilgang av seg selv.',
    who: 'operator',
    how: 'Driftsansvarlig registrerer webhooken hos Vipps slik Detaljer sier.',
  },
  'vipps.login-discovery': {
    meaning:
      'Logg inn med Vipps virker ikke nå: nettstedet når ikke innloggingstjenesten til Vipps. Kjøp og innlogging med e-post virker som før.',
    who: 'operator',
    how: 'Driftsansvarlig ser på Detaljer. Er Vipps nede, går det over av seg selv; ellers er det adressen til Vipps eller nettverket som må rettes.',
  },
  'vipps.login-client': {
    meaning: 'Logg inn med Vipps virker ikke: Vipps godtar ikke nøklene nettstedet bruker for innlogging.',
    who: 'operator',
    how:
      'Hent nøklene til Logg inn med Vipps på nytt i Vipps-portalen (Utvikler) og gi dem til driftsansvarlig. ' +
      OPERATOR_SETTINGS,
  },
  'vipps.login-redirect': {
    meaning: 'Logg inn med Vipps kan feile: adressen Vipps sender kjøperen tilbake til er ikke slik Vipps krever.',
    who: 'operator',
    how: 'Driftsansvarlig gir nettstedet en https-adresse og registrerer tilbakeadressen i Detaljer i Vipps-portalen under Logg inn med Vipps.',
  },
  'discord.bot': {
    meaning: 'Elever får ikke tilgang til Discord-serveren: boten virker ikke.',
    who: 'operator',
    how: 'Lag et nytt bot-token i Discords utviklerportal og gi det til driftsansvarlig. ' + OPERATOR_SETTINGS,
  },
  'discord.guild': {
    meaning: 'Elever får ikke rollen sin i Discord: boten er ikke med i serveren.',
    who: 'mentor',
    how: 'Inviter boten til Discord-serveren på nytt (lenken står i Detaljer), eller be driftsansvarlig rette serverens id.',
  },
  'discord.roles': {
    meaning: 'Elever får ikke rollen sin i Discord: boten har ikke lov til å dele den ut.',
    who: 'mentor',
    how: 'I Discord: Serverinnstillinger → Roller, dra botens rolle over rollene den deler ut (se Detaljer).',
  },
  'mux.credentials': {
    meaning: 'Video kan ikke lastes opp eller spilles av: Mux godtar ikke nøkkelen nettstedet bruker.',
    who: 'operator',
    how: 'Lag en ny API-nøkkel i Mux (Settings → Access Tokens) og gi den til driftsansvarlig. ' + OPERATOR_SETTINGS,
  },
  'mux.signing-key': {
    meaning: 'Betalte videoer kan ikke spilles av: signeringsnøkkelen mangler eller er feil.',
    who: 'operator',
    how: 'Lag en ny signeringsnøkkel i Mux (Settings → Signing Keys) og gi den til driftsansvarlig. ' + OPERATOR_SETTINGS,
  },
  'fiken.credentials': {
    meaning: 'Salg blir ikke bokført i Fiken: Fiken godtar ikke nøkkelen eller kjenner ikke foretaket.',
    who: 'mentor',
    how: 'Lag en ny API-nøkkel i Fiken (Innstillinger → Andre innstillinger → API) og gi den til driftsansvarlig.',
  },
  'fiken.queue': {
    error: {
      meaning: 'Noen salg er ikke bokført i Fiken.',
      who: 'mentor',
      how: 'Åpne Regnskap i panelet, les grunnen og trykk «Prøv igjen».',
    },
    warning: {
      meaning: 'Et salg har ventet på Fiken i over en time.',
      who: 'provider',
      how: 'Fiken svarer kanskje ikke: vent og se Regnskap i panelet. Varer det, si fra til driftsansvarlig.',
    },
  },
  'mail.smtp': {
    meaning: 'E-post (kvitteringer, innlogging, nyhetsbrev) sendes ikke: den blir liggende i utboksen.',
    who: 'operator',
    how: 'Driftsansvarlig retter e-posttjenestens adresse, bruker og passord (se Detaljer). Er e-posttjenesten nede, vent.',
  },
  'mail.spf': {
    meaning: 'E-post fra akademiet kan havne i søppelpost eller bli avvist.',
    who: 'operator',
    how: 'Driftsansvarlig legger inn DNS-oppføringen for e-post hos domeneleverandøren (se Detaljer).',
  },
  'mail.dkim': {
    meaning: 'E-post fra akademiet kan havne i søppelpost eller bli avvist.',
    who: 'operator',
    how: 'Driftsansvarlig legger inn DNS-oppføringen for e-post hos domeneleverandøren (se Detaljer).',
  },
  'mail.dmarc': {
    meaning: 'E-post fra akademiet kan havne i søppelpost eller bli avvist.',
    who: 'operator',
    how: 'Driftsansvarlig legger inn DNS-oppføringen for e-post hos domeneleverandøren (se Detaljer).',
  },
  'mail.bounces': {
    meaning: 'Akademiet får ikke vite om e-post som ikke kom fram, og fortsetter å sende til adresser som ikke finnes.',
    who: 'operator',
    how: 'Driftsansvarlig setter opp varslene fra e-posttjenesten slik Detaljer sier.',
  },
  'backups.latest': {
    meaning: 'Det finnes ingen fersk sikkerhetskopi: går serveren tapt, er data borte.',
    who: 'operator',
    how: 'Driftsansvarlig sjekker at sikkerhetskopi-tjenesten kjører og har plass (se Detaljer).',
  },
  'backups.s3': {
    meaning: 'Sikkerhetskopiene blir bare liggende på serveren: går den tapt, går de tapt med den.',
    who: 'operator',
    how: 'Driftsansvarlig retter tilgangen til lagringsbøtta (se Detaljer).',
  },
  'backups.passphrase': {
    meaning: 'Sikkerhetskopiene er ikke kryptert: den som får tak i dem, kan lese elevenes data.',
    who: 'operator',
    how: 'Driftsansvarlig setter en passordfrase for sikkerhetskopiene og tar vare på den.',
  },
  'queues.outbox': {
    error: {
      meaning: 'E-post blir liggende i utboksen og kommer ikke fram.',
      who: 'operator',
      how: 'Driftsansvarlig sjekker e-posttjenesten (se E-post over og Detaljer).',
    },
    warning: {
      meaning: 'Noen e-poster ble gitt opp og kom ikke fram.',
      who: 'mentor',
      how: 'Åpne Utgående e-post i panelet og send dem på nytt.',
    },
  },
  'queues.webhooks': {
    meaning: 'Beskjeder fra betalingstjenestene ble avvist: kjøp kan mangle tilgang eller kvittering.',
    who: 'operator',
    how: 'Driftsansvarlig ser i loggen hvorfor og retter webhook-hemmelighetene (se Detaljer).',
  },
};

/** What each check looks at, in the mentor's words. */
const WHAT: Record<string, string> = {
  'site.public-url': 'Nettstedets adresse',
  'site.migrations': 'Databasen',
  'site.clock': 'Klokka på serveren',
  'site.disk': 'Plass på serveren',
  'stripe.key': 'Nøkkelen til Stripe',
  'stripe.mode': 'Ekte kortbetalinger (ikke testmodus)',
  'stripe.api': 'Kontakt med Stripe',
  'stripe.webhook': 'Beskjed fra Stripe når et kjøp er betalt',
  'stripe.cards': 'Kortbetaling',
  'stripe.klarna': 'Delbetaling med Klarna',
  'vipps.token': 'Nøklene til Vipps',
  'vipps.mode': 'Ekte betalinger med Vipps (ikke testmodus)',
  'vipps.api': 'Kontakt med Vipps',
  'vipps.webhook': 'Beskjed fra Vipps når et kjøp er betalt',
  'discord.bot': 'Discord-boten',
  'discord.guild': 'Boten i Discord-serveren',
  'discord.roles': 'Rollene boten deler ut',
  'discord.api': 'Kontakt med Discord',
  'mux.credentials': 'Nøkkelen til Mux',
  'mux.signing-key': 'Signering av betalte videoer',
  'mux.webhook-secret': 'Beskjeder fra Mux',
  'mux.api': 'Kontakt med Mux',
  'fiken.credentials': 'Nøkkelen til Fiken og foretaket',
  'fiken.api': 'Kontakt med Fiken',
  'fiken.queue': 'Salg som skal bokføres i Fiken',
  'mail.smtp': 'Sending av e-post',
  'mail.spf': 'Hvem som får sende e-post for domenet',
  'mail.dkim': 'Signatur på e-post fra akademiet',
  'mail.dmarc': 'Regel for e-post som ikke består sjekkene',
  'mail.bounces': 'Varsel om e-post som ikke kom fram',
  'backups.latest': 'Siste sikkerhetskopi',
  'backups.s3': 'Kopi utenfor serveren',
  'backups.passphrase': 'Kryptering av sikkerhetskopiene',
  'queues.outbox': 'Utboksen for e-post',
  'queues.webhooks': 'Beskjeder fra betalingstjenestene',
};

const AREA_WHAT: Record<StatusArea, string> = {
  site: 'Nettstedet',
  stripe: 'Stripe',
  vipps: 'Vipps',
  discord: 'Discord',
  mux: 'Video (Mux)',
  fiken: 'Fiken',
  mail: 'E-post',
  backups: 'Sikkerhetskopier',
  queues: 'Køer',
};

const whatOf = (c: StatusCheck): string =>
  WHAT[c.id] ?? (c.id.startsWith('vipps.login') ? 'Logg inn med Vipps' : (AREA_WHAT[c.area] ?? c.area));

/** One check in plain words. */
export function explainCheck(c: StatusCheck): StatusPlain {
  const what = whatOf(c);
  if (c.status === 'ok') return { what, meaning: 'I orden.', who: null, how: null };
  if (c.status === 'off')
    return { what, meaning: 'Ikke i bruk: det er ikke satt opp (i orden hvis dere ikke trenger det).', who: null, how: null };
  const entry = c.id.endsWith('.api') ? apiProblem(c) : PROBLEMS[c.id];
  const problem: Problem | undefined = entry && 'error' in entry ? (c.status === 'warning' ? entry.warning : entry.error) : entry;
  if (!problem)
    return {
      what,
      meaning: 'Denne delen av nettstedet virker ikke som den skal.',
      who: 'operator',
      how: 'Driftsansvarlig ser på Detaljer og retter det.',
    };
  return { what, meaning: problem.meaning, who: problem.who, how: problem.how };
}

/** The report with every check in plain words beside its technical sentence. */
export function explainReport(report: StatusReport): StatusReport {
  return { ...report, checks: report.checks.map((c) => ({ ...c, plain: explainCheck(c) })) };
}
