import type { QueryRunner } from 'typeorm';

/**
 * Migration 1795616000000 (both dialects): Microkurs and Temakurs become courses with a player, like
 * Foundation. Frozen here as it was on 2026-11-26; later seed changes do not change it. A database
 * that already has the course keeps it as the mentor left it; a new database is left to the seed.
 */
interface CourseContent {
  title: string;
  description: string;
  sortOrder: number;
  modules: { title: string; description: string; durationMinutes: number; topics: string[] }[];
}

export const CRYPTO_COURSES_2026_11: Record<'microkurs' | 'temakurs', CourseContent> = {
  microkurs: {
    title: 'Microkurs',
    description: 'Korte, konkrete kurs om ett tema i kryptomarkedet.',
    sortOrder: 4,
    modules: [
      {
        title: 'Risiko per handel i et volatilt marked',
        description: 'Bestem hvor mye av kontoen du setter på spill per handel, før du ser på kursen.',
        durationMinutes: 10,
        topics: ['Risiko i prosent av kontoen', 'Hvorfor krypto svinger mer enn aksjer', 'Regneeksempel'],
      },
      {
        title: 'Stop-loss som tåler svingningene',
        description: 'Plasser stoppen der ideen er feil, ikke der tapet begynner å gjøre vondt.',
        durationMinutes: 12,
        topics: ['Stopp ut fra struktur', 'Avstand og posisjonsstørrelse henger sammen', 'Når du ikke bør ta handelen'],
      },
      {
        title: 'Hva handelen faktisk koster',
        description: 'Gebyrer, spread og finansieringsrente på giret handel, og hvordan de spiser av resultatet.',
        durationMinutes: 9,
        topics: ['Gebyrer hos børsen', 'Spread', 'Finansieringsrente (funding) på giret handel'],
      },
    ],
  },
  temakurs: {
    title: 'Temakurs',
    description: 'Grundige kurs om de viktigste temaene i kryptotrading.',
    sortOrder: 5,
    modules: [
      {
        title: 'Slik er kryptomarkedet bygget opp',
        description: 'Spot og derivater, børser og ordrebok, og hva det betyr at markedet er åpent døgnet rundt.',
        durationMinutes: 18,
        topics: ['Spot og derivater', 'Ordrebok og markedsordre', 'Et marked som aldri stenger'],
      },
      {
        title: 'Markedsstruktur på krypto-charts',
        description: 'Trender, ranges og brudd i struktur brukt på Bitcoin og altcoins, i flere tidsrammer.',
        durationMinutes: 22,
        topics: ['Struktur i flere tidsrammer', 'Ranges i krypto', 'Brudd og falske brudd'],
      },
      {
        title: 'Likviditet: hvor ordrene ligger',
        description: 'Hvorfor prisen søker mot tydelige topper og bunner, og hvordan du unngår å bli likviditeten.',
        durationMinutes: 20,
        topics: ['Likviditet over topper og under bunner', 'Stop-jakt', 'Å vente på bekreftelse'],
      },
      {
        title: 'Bitcoin og altcoins',
        description: 'Hvordan altcoins ofte følger Bitcoin, og hva Bitcoins andel av markedet forteller deg.',
        durationMinutes: 16,
        topics: ['Samvariasjon med Bitcoin', 'Bitcoin-dominans', 'Likviditet i mindre coins'],
      },
      {
        title: 'Handelsplan og journal for krypto',
        description: 'En skriftlig plan for når du handler, hvor mye du risikerer, og hvordan du lærer av hver handel.',
        durationMinutes: 15,
        topics: ['Regler før du går inn', 'Tradingjournal', 'Ukentlig gjennomgang'],
      },
    ],
  },
};

export async function applyCryptoCourses(qr: QueryRunner, q: (name: string) => string, now: unknown): Promise<void> {
  const courses = q('courses');
  const [{ n }] = (await qr.query(`SELECT COUNT(*) AS n FROM ${courses}`)) as Array<{ n: number | string }>;
  // A new database: the seed writes every course at the first start.
  if (Number(n) === 0) return;
  for (const [id, c] of Object.entries(CRYPTO_COURSES_2026_11)) {
    const existing = (await qr.query(`SELECT ${q('id')} FROM ${courses} WHERE ${q('id')} = ?`, [id])) as unknown[];
    if (existing.length > 0) continue;
    await qr.query(
      `INSERT INTO ${courses} (${q('id')}, ${q('title')}, ${q('description')}, ${q('sortOrder')}, ${q('published')}, ${q('mentorshipMonths')}, ${q('updatedAt')}) VALUES (?, ?, ?, ?, 1, 0, ?)`,
      [id, c.title, c.description, c.sortOrder, now],
    );
    for (const [position, m] of c.modules.entries())
      await qr.query(
        `INSERT INTO ${q('modules')} (${q('courseId')}, ${q('position')}, ${q('title')}, ${q('description')}, ${q('durationMinutes')}, ${q('videoId')}, ${q('topics')}, ${q('published')}, ${q('releaseAfterDays')}, ${q('createdAt')}, ${q('updatedAt')}) VALUES (?, ?, ?, ?, ?, NULL, ?, 1, 0, ?, ?)`,
        [id, position, m.title, m.description, m.durationMinutes, JSON.stringify(m.topics), now, now],
      );
  }
}
