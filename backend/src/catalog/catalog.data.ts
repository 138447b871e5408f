import type { CatalogId, PlayerCourseId } from '@academy/contracts';

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
    features: ['Trading er ikke gambling', 'Oppsett av TradingView', 'Markedsstruktur', 'Bygg en ferdighet over tid'],
    color: 'green',
    icon: 'sprout',
  },
  {
    id: 'foundation',
    kind: 'course',
    title: 'Foundation',
    productName: 'Foundation Kurs',
    description: 'Komplett trading fundament',
    shortDescription: 'Grunnleggende trading prinsipper',
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
    shortDescription: 'Avanserte trading strategier',
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
    description: 'Crypto trading spesialisering',
    shortDescription: 'Crypto trading spesialisering',
    priceOre: 299700,
    beforePriceOre: null,
    soldByCheckout: false,
    features: ['Dynamikken i kryptomarkedet', 'Volatilitet og risikostyring', 'Handel døgnet rundt'],
    color: 'orange',
    icon: 'bitcoin',
  },
  {
    id: 'microkurs',
    kind: 'series',
    title: 'Microkurs',
    productName: 'Microkurs',
    description: 'Korte, konkrete kurs om ett tema i kryptomarkedet.',
    shortDescription: 'Ett tema, rett på sak',
    priceOre: 49900,
    beforePriceOre: 79900,
    soldByCheckout: false,
    features: ['Ett avgrenset tema', 'Kort og konkret', 'Livstidstilgang'],
    color: 'teal',
    icon: 'zap',
  },
  {
    id: 'temakurs',
    kind: 'series',
    title: 'Temakurs',
    productName: 'Temakurs',
    description: 'Grundige kurs om de viktigste temaene i kryptotrading.',
    shortDescription: 'Dybde i hvert tema',
    priceOre: 150000,
    beforePriceOre: 250000,
    soldByCheckout: false,
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
    description: 'Alt i krypto-serien med ukentlige live-økter.',
    shortDescription: 'Ukentlige live-økter',
    priceOre: 500000,
    beforePriceOre: 750000,
    soldByCheckout: false,
    features: ['Alle micro- og temakurs', 'Ukentlige live-økter', 'Direkte spørsmål til mentoren'],
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

/** Player catalogue from the specification: starter 4, foundation 2, accelerator 1, kryptovaluta 1. */
export const MODULE_SEED: Record<PlayerCourseId, ModuleSeed[]> = {
  starter: [
    {
      title: 'Trading er ikke gambling',
      description: 'Hvorfor trading er en ferdighet, og hva som skiller en plan fra et veddemål.',
      durationMinutes: 8,
      topics: ['Forskjellen på trading og gambling', 'Sannsynlighet og forventning', 'Hvorfor de fleste taper'],
    },
    {
      title: 'TradingView Setup',
      description: 'Sett opp TradingView slik at du ser det som betyr noe.',
      durationMinutes: 12,
      topics: ['Oppsett av chart og tidsrammer', 'Nyttige verktøy', 'Ryddig arbeidsflate'],
    },
    {
      title: 'Market Structure',
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
      title: 'Wyckoff Accumulation',
      description: 'Fasene i en Wyckoff-akkumulering og hvordan du handler dem.',
      durationMinutes: 25,
      topics: ['Fase A til E', 'Spring og test', 'Inngang med lav risiko'],
    },
    {
      title: 'Market Structure Deep Dive',
      description: 'Markedsstruktur i flere tidsrammer, likviditet og ordreflyt.',
      durationMinutes: 30,
      topics: ['Struktur i flere tidsrammer', 'Likviditetssoner', 'Supply og demand'],
    },
  ],
  accelerator: [
    {
      title: 'Advanced Risk Management',
      description: 'Posisjonsstørrelse, drawdown og et system som overlever dårlige perioder.',
      durationMinutes: 35,
      topics: ['Posisjonsstørrelse', 'Håndtering av drawdown', 'Risiko per handel'],
    },
  ],
  kryptovaluta: [
    {
      title: 'Crypto Market Dynamics',
      description: 'Hva som driver kryptomarkedet og hvordan du handler volatiliteten.',
      durationMinutes: 28,
      topics: ['Volatilitet', 'Likviditet på børsene', 'Handel døgnet rundt'],
    },
  ],
};
