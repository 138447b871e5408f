import type { CatalogId, PlayerCourseId } from '@academy/contracts';
import { CRYPTO_COURSES_2026_11 } from '../platform/database/migrations/crypto-courses';

/**
 * The one catalogue the server sells from: prices, texts and the player modules the database starts with.
 * Money is integer øre; NOK incl. MVA. Pages read it through GET /api/catalog, never from here.
 */
export interface CatalogSeed {
  id: CatalogId;
  kind: 'course' | 'series';
  title: string;
  /** Name used on the Stripe line item. */
  productName: string;
  description: string;
  shortDescription: string;
  priceOre: number;
  beforePriceOre: number | null;
  soldByCheckout: boolean;
  features: string[];
  /** Free page shows this as the value of Starter. */
  valueOre?: number;
  popular?: boolean;
  color: string;
  icon: string;
}

export const CATALOG_SEED: readonly CatalogSeed[] = [
  {
    id: 'starter',
    kind: 'course',
    title: 'Starter',
    productName: 'Starter Kurs',
    description: 'Gratis introduksjon til trading: tankesett, oppsett og markedsstruktur.',
    shortDescription: 'Gratis startkurs',
    priceOre: 0,
    beforePriceOre: null,
    soldByCheckout: false,
    valueOre: 79900,
    features: ['Trading er ikke gambling', 'Oppsett av TradingView', 'Markedsstruktur', 'Bygg en ferdighet'],
    color: 'green',
    icon: 'sprout',
  },
  {
    id: 'foundation',
    kind: 'course',
    title: 'Foundation',
    productName: 'Foundation Kurs',
    description: 'Komplett tradingfundament',
    shortDescription: 'Grunnleggende tradingprinsipper',
    priceOre: 199700,
    beforePriceOre: 299700,
    soldByCheckout: true,
    features: [
      'Ranges og supply/demand-analyse',
      'Likviditet og skjematikk',
      'System for risikostyring',
      'Wyckoff-metoden',
      'Tradingpsykologi',
      'Livstidstilgang',
      'Discord-fellesskap',
    ],
    color: 'blue',
    icon: 'book',
  },
  {
    id: 'accelerator',
    kind: 'course',
    title: 'Accelerator',
    productName: 'Accelerator Kurs',
    description: 'Personlig mentorship program',
    shortDescription: 'Avanserte tradingstrategier',
    priceOre: 499700,
    beforePriceOre: 799700,
    soldByCheckout: true,
    popular: true,
    features: [
      'Alt i Foundation',
      'Avansert skjematikk og PO3',
      'Live trade-økter',
      '3 måneders mentorship',
      'Månedlige live-økter',
      'Privat Discord-fellesskap',
      'Gjennomgang av charts med tilbakemelding',
      'Direkte tilgang til mentoren',
    ],
    color: 'purple',
    icon: 'rocket',
  },
  {
    id: 'kryptovaluta',
    kind: 'course',
    title: 'Kryptovaluta',
    productName: 'Kryptovaluta Kurs',
    description: 'Spesialisering i kryptotrading',
    shortDescription: 'Spesialisering i kryptotrading',
    priceOre: 299700,
    beforePriceOre: null,
    soldByCheckout: false,
    features: ['Dynamikken i kryptomarkedet', 'Volatilitet og risikostyring', 'Handel døgnet rundt'],
    color: 'orange',
    icon: 'bitcoin',
  },
  {
    id: 'microkurs',
    kind: 'course',
    title: 'Microkurs',
    productName: 'Microkurs',
    description: 'Korte, konkrete kurs om ett tema i kryptomarkedet.',
    shortDescription: 'Ett tema, rett på sak',
    priceOre: 49900,
    beforePriceOre: 79900,
    soldByCheckout: true,
    features: ['Ett avgrenset tema: risiko i kryptomarkedet', 'Kort og konkret', 'Livstidstilgang'],
    color: 'teal',
    icon: 'zap',
  },
  {
    id: 'temakurs',
    kind: 'course',
    title: 'Temakurs',
    productName: 'Temakurs',
    description: 'Grundige kurs om de viktigste temaene i kryptotrading.',
    shortDescription: 'Dybde i hvert tema',
    priceOre: 150000,
    beforePriceOre: 250000,
    soldByCheckout: true,
    popular: true,
    features: ['Flere moduler per tema', 'Praktiske eksempler', 'Livstidstilgang'],
    color: 'indigo',
    icon: 'layers',
  },
  {
    id: 'vip',
    kind: 'series',
    title: 'VIP',
    productName: 'VIP',
    description: 'Alt i krypto-serien med ukentlige live-økter, i 12 måneder.',
    shortDescription: '12 måneders medlemskap med ukentlige live-økter',
    priceOre: 500000,
    beforePriceOre: 750000,
    soldByCheckout: true,
    features: [
      'Kryptovaluta, Microkurs og Temakurs inkludert',
      'Ukentlige VIP live-økter',
      'VIP-fellesskapet',
      'Spørsmål til mentoren under hver leksjon',
      '12 måneder, fornyes automatisk bare hvis du velger det',
    ],
    color: 'gold',
    icon: 'crown',
  },
];

export interface ModuleSeed {
  title: string;
  description: string;
  durationMinutes: number;
  topics: string[];
}

/**
 * The curriculum a new database starts with (docs/decisions.md "Course content"): Norwegian titles and topics
 * matching what the pages promise — Starter 4 modules, Foundation 8, Accelerator 12. The mentor edits
 * them in the admin panel; migration 1795600220000 brought databases seeded with the prototype's
 * English modules here, renaming only modules nobody had edited.
 */
export const MODULE_SEED: Record<PlayerCourseId, ModuleSeed[]> = {
  starter: [
    {
      title: 'Trading er ikke gambling',
      description: 'Hvorfor trading er en ferdighet, og hva som skiller en plan fra et veddemål.',
      durationMinutes: 8,
      topics: ['Forskjellen på trading og gambling', 'Sannsynlighet og forventning', 'Hvorfor de fleste taper'],
    },
    {
      title: 'Oppsett av TradingView',
      description: 'Sett opp TradingView slik at du ser det som betyr noe.',
      durationMinutes: 12,
      topics: ['Oppsett av chart og tidsrammer', 'Nyttige verktøy', 'Ryddig arbeidsflate'],
    },
    {
      title: 'Markedsstruktur',
      description: 'Les markedet: trender, ranges og brudd i struktur.',
      durationMinutes: 15,
      topics: ['Høyere topper og bunner', 'Ranges', 'Brudd i struktur'],
    },
    {
      title: 'Bygg en ferdighet',
      description: 'Hvordan du øver, fører journal og blir bedre uke for uke.',
      durationMinutes: 8,
      topics: ['Tradingjournal', 'Øving med plan', 'Neste steg'],
    },
  ],
  foundation: [
    {
      title: 'Markedsstruktur i flere tidsrammer',
      description: 'Les retningen på høy tidsramme og finn inngangen på lav: struktur, brudd og skifte i trend.',
      durationMinutes: 30,
      topics: ['Struktur i flere tidsrammer', 'Brudd i struktur og skifte i trend', 'Når tidsrammene er uenige'],
    },
    {
      title: 'Ranges: når markedet går sidelengs',
      description: 'Finn rangen, marker topp, bunn og midten, og handle reaksjonene i stedet for å gjette på bruddet.',
      durationMinutes: 22,
      topics: ['Topp, bunn og midten av rangen', 'Falske brudd', 'Handel inne i rangen'],
    },
    {
      title: 'Supply og demand-soner',
      description: 'Hvor store aktører har kjøpt og solgt før, og hvordan du tegner soner som faktisk holder.',
      durationMinutes: 28,
      topics: ['Slik tegner du en sone', 'Friske og brukte soner', 'Inngang, stopp og mål fra en sone'],
    },
    {
      title: 'Likviditet: der stoppene ligger',
      description: 'Hvorfor prisen søker mot like topper og bunner, og hvordan du bruker det i stedet for å bli tatt av det.',
      durationMinutes: 26,
      topics: ['Likviditet over topper og under bunner', 'Jakten på stopp', 'Likviditet som mål for handelen'],
    },
    {
      title: 'Skjematikk: akkumulering og distribusjon',
      description: 'Kjenn igjen mønstrene store aktører etterlater når de bygger opp og bygger ned posisjoner.',
      durationMinutes: 24,
      topics: ['Akkumulering', 'Distribusjon', 'Re-akkumulering og re-distribusjon'],
    },
    {
      title: 'Wyckoff-metoden: akkumulering i praksis',
      description: 'Fasene i en Wyckoff-akkumulering steg for steg, og hvor inngangen med lav risiko ligger.',
      durationMinutes: 25,
      topics: ['Fase A til E', 'Spring og test', 'Inngang med lav risiko'],
    },
    {
      title: 'System for risikostyring',
      description: 'Risiko per handel, posisjonsstørrelse og faste regler som holder kontoen i live gjennom tapsrekker.',
      durationMinutes: 30,
      topics: ['Risiko per handel', 'Posisjonsstørrelse', 'Grense for tap per dag og uke'],
    },
    {
      title: 'Tradingpsykologi',
      description: 'Frykt, grådighet og hevnhandler: slik følger du planen når det gjelder.',
      durationMinutes: 20,
      topics: ['Følg planen', 'Håndtering av tap', 'Evaluering med tradingjournal'],
    },
  ],
  accelerator: [
    {
      title: 'Velkommen til Accelerator',
      description: 'Slik får du mest ut av de tre månedene: mentorship, live-økter og gjennomgang av dine charts.',
      durationMinutes: 10,
      topics: ['Plan for de tre månedene', 'Slik sender du charts til gjennomgang', 'Live-økter og opptak'],
    },
    {
      title: 'Avansert markedsstruktur',
      description: 'Intern og ekstern struktur, og hvordan du skiller et ekte brudd fra et falskt.',
      durationMinutes: 30,
      topics: ['Intern og ekstern struktur', 'Ekte og falske brudd', 'Struktur rundt nyheter'],
    },
    {
      title: 'PO3: akkumulering, manipulasjon og distribusjon',
      description: 'Power of Three: hvordan en dag eller en uke bygges opp, og hvor du går inn når manipulasjonen er over.',
      durationMinutes: 32,
      topics: ['De tre fasene', 'PO3 på dagsnivå', 'PO3 på ukenivå'],
    },
    {
      title: 'Avansert skjematikk',
      description: 'Skjematikk i flere tidsrammer, avvik fra modellen, og når du lar være å handle den.',
      durationMinutes: 30,
      topics: ['Skjematikk inni skjematikk', 'Avvik fra modellen', 'Når du står over'],
    },
    {
      title: 'Likviditet og ordreflyt',
      description: 'Les hvor ordrene ligger, og hvordan prisen beveger seg fra én likviditetssone til den neste.',
      durationMinutes: 28,
      topics: ['Intern og ekstern likviditet', 'Ubalanser i prisen', 'Mål for handelen'],
    },
    {
      title: 'Tidspunkt: handelsøkter og tid på døgnet',
      description: 'Når på døgnet bevegelsene kommer, og hvorfor tidspunktet er en del av oppsettet.',
      durationMinutes: 22,
      topics: ['Asia, London og New York', 'Åpningen som setter dagen', 'Dager du lar være å handle'],
    },
    {
      title: 'Inngangsmodeller med presisjon',
      description: 'Fra oppsett på høy tidsramme til inngang på lav, med stopp der analysen tar feil.',
      durationMinutes: 30,
      topics: ['Bekreftelse på lav tidsramme', 'Plassering av stopp', 'Delvis gevinstsikring'],
    },
    {
      title: 'Avansert risikostyring',
      description: 'Posisjonsstørrelse, drawdown og et system som overlever dårlige perioder.',
      durationMinutes: 35,
      topics: ['Posisjonsstørrelse', 'Håndtering av drawdown', 'Risiko per handel'],
    },
    {
      title: 'Handelsplan og regelverk',
      description: 'Skriv din egen handelsplan: hva du handler, når du handler, og hva som får deg til å stå over.',
      durationMinutes: 25,
      topics: ['Sjekkliste før handel', 'Regler for når du står over', 'Ukentlig forberedelse'],
    },
    {
      title: 'Backtesting og journal',
      description: 'Test oppsettet ditt på historiske data og mål resultatene før du risikerer penger.',
      durationMinutes: 28,
      topics: ['Manuell backtesting', 'Nøkkeltall som betyr noe', 'Fra journal til forbedring'],
    },
    {
      title: 'Live trade-økter: gjennomgang',
      description: 'Handler tatt live, gjennomgått steg for steg: analyse, inngang, styring og utgang.',
      durationMinutes: 40,
      topics: ['Analysen før åpning', 'Styring av en åpen handel', 'Evaluering etterpå'],
    },
    {
      title: 'Konsistens over tid',
      description: 'Fra enkelthandler til en prosess: evaluering, justering og veien videre etter mentorperioden.',
      durationMinutes: 20,
      topics: ['Månedlig evaluering', 'Når du endrer systemet', 'Veien videre'],
    },
  ],
  kryptovaluta: [
    {
      title: 'Dynamikken i kryptomarkedet',
      description: 'Hva som driver kryptomarkedet og hvordan du handler volatiliteten.',
      durationMinutes: 28,
      topics: ['Volatilitet', 'Likviditet på børsene', 'Handel døgnet rundt'],
    },
  ],
  // The crypto series' courses: the same modules migration 1795616000000 gives an existing database.
  microkurs: CRYPTO_COURSES_2026_11.microkurs.modules,
  temakurs: CRYPTO_COURSES_2026_11.temakurs.modules,
};
