import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../../backend/src/platform/database/data-source-options';
import { runMigrations } from '../../backend/src/platform/database/migrate';
import { seedCatalog } from '../../backend/src/catalog/catalog.seed';
import { MODULE_SEED } from '../../backend/src/catalog/catalog.data';
import { CourseModule } from '../../backend/src/catalog/entities/course-module.entity';
import { NorwegianCurriculum1795600220000 as MysqlCurriculum } from '../../backend/src/platform/database/migrations/mysql/1795600220000-NorwegianCurriculum';
import { NorwegianCurriculum1795600220000 as SqliteCurriculum } from '../../backend/src/platform/database/migrations/sqlite/1795600220000-NorwegianCurriculum';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/** The prototype's modules, as the first seed wrote them (SPEC.md's player catalogue). */
const PROTOTYPE: Record<string, Array<{ title: string; description: string; durationMinutes: number; topics: string[] }>> = {
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

const ENGLISH = /\b(Setup|Market|Structure|Accumulation|Deep Dive|Advanced|Risk Management|Crypto|Dynamics)\b/;

/** Runs on the dialect of this run (SQLite, or MySQL with TEST_DATABASE_URL). */
describe('the Norwegian curriculum (issue 22): a new database gets it; the migration renames only unedited modules', () => {
  let db: TestDatabase;
  let ds: DataSource;
  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(buildDataSourceOptions({ databaseUrl: db.url })).initialize();
    await runMigrations(ds);
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  const titlesOf = async (courseId: string) =>
    (await ds.getRepository(CourseModule).find({ where: { courseId }, order: { position: 'ASC', id: 'ASC' } })).map(
      (m) => m.title,
    );
  const migrate = async () => {
    const qr = ds.createQueryRunner();
    try {
      await (db.dialect === 'mysql' ? new MysqlCurriculum() : new SqliteCurriculum()).up(qr);
    } finally {
      await qr.release();
    }
  };

  it('a fresh database is seeded with Norwegian modules: Starter 4, Foundation 8, Accelerator 12, no English titles', async () => {
    await seedCatalog(ds);
    const counts: Record<string, number> = {};
    for (const id of ['starter', 'foundation', 'accelerator', 'kryptovaluta']) {
      const titles = await titlesOf(id);
      counts[id] = titles.length;
      expect(titles).toEqual(MODULE_SEED[id as keyof typeof MODULE_SEED].map((m) => m.title));
      for (const t of titles) expect(t).not.toMatch(ENGLISH);
    }
    expect(counts).toEqual({ starter: 4, foundation: 8, accelerator: 12, kryptovaluta: 1 });
    // The topics the sales pages promise each have a module.
    const foundation = (await titlesOf('foundation')).join(' | ');
    for (const topic of [
      /Ranges/,
      /Supply og demand/,
      /Likviditet/,
      /Skjematikk/,
      /Wyckoff/,
      /risikostyring/,
      /Tradingpsykologi/,
    ])
      expect(foundation).toMatch(topic);
    expect((await titlesOf('accelerator')).join(' | ')).toMatch(/PO3/);
    expect(await titlesOf('starter')).toEqual([
      'Trading er ikke gambling',
      'Oppsett av TradingView',
      'Markedsstruktur',
      'Bygg en ferdighet',
    ]);
  });

  it('on a database with the prototype modules: edited ones are kept, unedited renamed, missing added; running again changes nothing', async () => {
    const repo = ds.getRepository(CourseModule);
    await repo.clear();
    const now = new Date('2026-01-01T00:00:00.000Z');
    for (const [courseId, mods] of Object.entries(PROTOTYPE))
      await repo.insert(
        mods.map((m, position) => ({ courseId, position, ...m, videoId: null, published: true, createdAt: now, updatedAt: now })),
      );
    // The mentor edited Foundation's Wyckoff module (title) and Starter's Market Structure (description only),
    // and added a module of their own to Accelerator.
    await repo.update({ courseId: 'foundation', title: 'Wyckoff Accumulation' }, { title: 'Wyckoff – min gjennomgang' });
    await repo.update({ courseId: 'starter', title: 'Market Structure' }, { description: 'Min egen tekst om struktur.' });
    await repo.insert({
      courseId: 'accelerator',
      position: 1,
      title: 'Mentorens bonusmodul',
      description: 'Egen modul',
      durationMinutes: 5,
      videoId: 'abcDEF12345',
      topics: [],
      published: true,
      createdAt: now,
      updatedAt: now,
    });

    await migrate();

    // Starter: the edited module keeps its English title and the mentor's text; the unedited one is renamed in place.
    expect(await titlesOf('starter')).toEqual([
      'Trading er ikke gambling',
      'Oppsett av TradingView',
      'Market Structure',
      'Bygg en ferdighet',
    ]);
    expect((await repo.findOneByOrFail({ courseId: 'starter', title: 'Market Structure' })).description).toBe(
      'Min egen tekst om struktur.',
    );
    // Foundation: the edited Wyckoff module stays (first, as the mentor had it), the other is renamed, six are added after.
    const foundation = await titlesOf('foundation');
    expect(foundation).toHaveLength(8);
    expect(foundation.slice(0, 2)).toEqual(['Wyckoff – min gjennomgang', 'Markedsstruktur i flere tidsrammer']);
    expect(foundation).not.toContain('Wyckoff-metoden: akkumulering i praksis');
    expect(foundation).not.toContain('Market Structure Deep Dive');
    const renamed = await repo.findOneByOrFail({ courseId: 'foundation', title: 'Markedsstruktur i flere tidsrammer' });
    expect(renamed.topics).toEqual(MODULE_SEED.foundation[0].topics);
    // Accelerator: the mentor's own module stays; the prototype module is renamed; eleven are added.
    const accelerator = await titlesOf('accelerator');
    expect(accelerator).toHaveLength(13);
    expect(accelerator.slice(0, 2)).toEqual(['Avansert risikostyring', 'Mentorens bonusmodul']);
    expect([...accelerator].sort()).toEqual([...MODULE_SEED.accelerator.map((m) => m.title), 'Mentorens bonusmodul'].sort());
    expect((await repo.findOneByOrFail({ courseId: 'accelerator', title: 'Mentorens bonusmodul' })).videoId).toBe('abcDEF12345');
    // Kryptovaluta: untouched, so renamed and in the curriculum's order.
    expect(await titlesOf('kryptovaluta')).toEqual(['Dynamikken i kryptomarkedet']);

    const before = await repo.find({ order: { id: 'ASC' } });
    await migrate();
    expect(await repo.find({ order: { id: 'ASC' } })).toEqual(before);
  });

  it('a course with exactly the prototype modules, unedited, takes the curriculum as a new database has it', async () => {
    const repo = ds.getRepository(CourseModule);
    await repo.clear();
    const now = new Date('2026-01-01T00:00:00.000Z');
    for (const [courseId, mods] of Object.entries(PROTOTYPE))
      await repo.insert(
        mods.map((m, position) => ({ courseId, position, ...m, videoId: null, published: true, createdAt: now, updatedAt: now })),
      );
    const wyckoff = await repo.findOneByOrFail({ courseId: 'foundation', title: 'Wyckoff Accumulation' });
    await migrate();
    for (const id of ['starter', 'foundation', 'accelerator', 'kryptovaluta'] as const)
      expect(await titlesOf(id)).toEqual(MODULE_SEED[id].map((m) => m.title));
    // Renamed in place: the module keeps its id (students' progress points at it).
    expect((await repo.findOneByOrFail({ id: wyckoff.id })).title).toBe('Wyckoff-metoden: akkumulering i praksis');
  });
});
