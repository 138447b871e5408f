import type { QueryRunner } from 'typeorm';

/**
 * Migration 1795600220000 (both dialects): the prototype's player catalogue (English titles, Foundation
 * with 2 modules, Accelerator with 1) becomes the Norwegian curriculum the pages promise
 * (docs/decisions.md "Course content"). Frozen here as it was on 2026-11-25; later seed changes do not change it.
 *
 * A module counts as unedited while its title, description and topics are exactly the prototype's;
 * only those are renamed. Modules of the curriculum a course lacks are added (none is added twice: a
 * module with its title already there counts). When a course still has exactly the prototype's modules,
 * unedited, it takes the curriculum's order; otherwise the new modules come after the mentor's.
 * A course without modules is left to the seed (a new database).
 */
interface CurriculumModule {
  /** The prototype's module this one replaces, as the seed wrote it. */
  old?: { title: string; description: string; topics: string[] };
  title: string;
  description: string;
  durationMinutes: number;
  topics: string[];
}

export const CURRICULUM_2026_11: Record<string, CurriculumModule[]> = {
  starter: [
    {
      old: {
        title: 'Trading er ikke gambling',
        description: 'Hvorfor trading er en ferdighet, og hva som skiller en plan fra et veddemål.',
        topics: ['Forskjellen på trading og gambling', 'Sannsynlighet og forventning', 'Hvorfor de fleste taper'],
      },
      title: 'Trading er ikke gambling',
      description: 'Hvorfor trading er en ferdighet, og hva som skiller en plan fra et veddemål.',
      durationMinutes: 8,
      topics: ['Forskjellen på trading og gambling', 'Sannsynlighet og forventning', 'Hvorfor de fleste taper'],
    },
    {
      old: {
        title: 'TradingView Setup',
        description: 'Sett opp TradingView slik at du ser det som betyr noe.',
        topics: ['Oppsett av chart og tidsrammer', 'Nyttige verktøy', 'Ryddig arbeidsflate'],
      },
      title: 'Oppsett av TradingView',
      description: 'Sett opp TradingView slik at du ser det som betyr noe.',
      durationMinutes: 12,
      topics: ['Oppsett av chart og tidsrammer', 'Nyttige verktøy', 'Ryddig arbeidsflate'],
    },
    {
      old: {
        title: 'Market Structure',
        description: 'Les markedet: trender, ranges og brudd i struktur.',
        topics: ['Høyere topper og bunner', 'Ranges', 'Brudd i struktur'],
      },
      title: 'Markedsstruktur',
      description: 'Les markedet: trender, ranges og brudd i struktur.',
      durationMinutes: 15,
      topics: ['Høyere topper og bunner', 'Ranges', 'Brudd i struktur'],
    },
    {
      old: {
        title: 'Bygg en ferdighet',
        description: 'Hvordan du øver, fører journal og blir bedre uke for uke.',
        topics: ['Tradingjournal', 'Øving med plan', 'Neste steg'],
      },
      title: 'Bygg en ferdighet',
      description: 'Hvordan du øver, fører journal og blir bedre uke for uke.',
      durationMinutes: 8,
      topics: ['Tradingjournal', 'Øving med plan', 'Neste steg'],
    },
  ],
  foundation: [
    {
      old: {
        title: 'Market Structure Deep Dive',
        description: 'Markedsstruktur i flere tidsrammer, likviditet og ordreflyt.',
        topics: ['Struktur i flere tidsrammer', 'Likviditetssoner', 'Supply og demand'],
      },
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
      old: {
        title: 'Wyckoff Accumulation',
        description: 'Fasene i en Wyckoff-akkumulering og hvordan du handler dem.',
        topics: ['Fase A til E', 'Spring og test', 'Inngang med lav risiko'],
      },
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
      old: {
        title: 'Advanced Risk Management',
        description: 'Posisjonsstørrelse, drawdown og et system som overlever dårlige perioder.',
        topics: ['Posisjonsstørrelse', 'Håndtering av drawdown', 'Risiko per handel'],
      },
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
      old: {
        title: 'Crypto Market Dynamics',
        description: 'Hva som driver kryptomarkedet og hvordan du handler volatiliteten.',
        topics: ['Volatilitet', 'Likviditet på børsene', 'Handel døgnet rundt'],
      },
      title: 'Dynamikken i kryptomarkedet',
      description: 'Hva som driver kryptomarkedet og hvordan du handler volatiliteten.',
      durationMinutes: 28,
      topics: ['Volatilitet', 'Likviditet på børsene', 'Handel døgnet rundt'],
    },
  ],
};

interface ModuleRow {
  id: number | string;
  title: string;
  description: string;
  topics: string | null;
  position: number | string;
}

function topicsOf(raw: string | null): string[] {
  try {
    const v: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** `q` quotes an identifier for the dialect; `now` is the dialect's datetime parameter. */
export async function applyNorwegianCurriculum(qr: QueryRunner, q: (name: string) => string, now: unknown): Promise<void> {
  const modules = q('modules');
  for (const [courseId, curriculum] of Object.entries(CURRICULUM_2026_11)) {
    const rows: ModuleRow[] = await qr.query(
      `SELECT ${q('id')}, ${q('title')}, ${q('description')}, ${q('topics')}, ${q('position')} FROM ${modules} WHERE ${q('courseId')} = ? ORDER BY ${q('position')}, ${q('id')}`,
      [courseId],
    );
    if (rows.length === 0) continue;
    const unedited = new Map<number, ModuleRow>();
    const used = new Set<ModuleRow>();
    curriculum.forEach((m, i) => {
      const row = rows.find(
        (r) =>
          !used.has(r) &&
          m.old !== undefined &&
          r.title === m.old.title &&
          r.description === m.old.description &&
          sameList(topicsOf(r.topics), m.old.topics),
      );
      if (row) {
        unedited.set(i, row);
        used.add(row);
      }
    });
    const titles = new Set(rows.map((r) => r.title));
    const missing = curriculum
      .map((m, i) => ({ m, i }))
      .filter(({ m, i }) => m.old === undefined && !titles.has(m.title) && !unedited.has(i));
    const wholeCourseUnedited = unedited.size === rows.length && curriculum.every((m, i) => !m.old || unedited.has(i));
    const inOrder = wholeCourseUnedited && missing.length > 0;
    for (const [i, row] of unedited) {
      const m = curriculum[i];
      const same = m.old && m.old.title === m.title && m.old.description === m.description && sameList(m.old.topics, m.topics);
      if (same && !inOrder) continue;
      await qr.query(
        `UPDATE ${modules} SET ${q('title')} = ?, ${q('description')} = ?, ${q('topics')} = ?, ${q('durationMinutes')} = ?${inOrder ? `, ${q('position')} = ${i}` : ''}, ${q('updatedAt')} = ? WHERE ${q('id')} = ?`,
        [m.title, m.description, JSON.stringify(m.topics), m.durationMinutes, now, row.id],
      );
    }
    let next = Math.max(...rows.map((r) => Number(r.position))) + 1;
    for (const { m, i } of missing) {
      await qr.query(
        `INSERT INTO ${modules} (${q('courseId')}, ${q('position')}, ${q('title')}, ${q('description')}, ${q('durationMinutes')}, ${q('videoId')}, ${q('topics')}, ${q('published')}, ${q('releaseAfterDays')}, ${q('createdAt')}, ${q('updatedAt')}) VALUES (?, ?, ?, ?, ?, NULL, ?, 1, 0, ?, ?)`,
        [courseId, inOrder ? i : next++, m.title, m.description, m.durationMinutes, JSON.stringify(m.topics), now, now],
      );
    }
  }
}
