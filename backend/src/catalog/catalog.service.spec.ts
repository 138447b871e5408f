import type { DataSource } from 'typeorm';
import type { EventBus } from '../platform/events';
import { CatalogService } from './catalog.service';
import type { LaunchSeatsService } from './launch-seats.service';
import type { SiteSettingsService } from './site-settings.service';
import type { StudentCount } from './student-count';

/** A catalogue whose student count the test sets, and whose builds it can hold back. */
function catalog() {
  let students = 1;
  let hold: Promise<void> | null = null;
  const ds = {
    getRepository: () => ({ find: () => Promise.resolve([]) }),
    query: () => Promise.resolve([]),
    options: { type: 'better-sqlite3' },
  } as unknown as DataSource;
  const launch = { total: 0, takenByCourse: () => Promise.resolve(new Map()) } as unknown as LaunchSeatsService;
  const events = { emit: () => Promise.resolve() } as unknown as EventBus;
  const count: StudentCount = {
    count: async () => {
      const n = students;
      if (hold) await hold;
      return n;
    },
  } as StudentCount;
  const site = { studentCountThreshold: () => Promise.resolve(0) } as unknown as SiteSettingsService;
  const service = new CatalogService(ds, launch, events, count, site);
  return {
    service,
    setStudents: (n: number) => (students = n),
    holdBuilds: () => {
      let release!: () => void;
      hold = new Promise((r) => (release = r));
      return () => {
        hold = null;
        release();
      };
    },
  };
}

describe('CatalogService: the copy in memory', () => {
  afterEach(() => jest.useRealTimers());

  it('keeps answering with a copy older than 30 s while it is rebuilt, then with the new one', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const c = catalog();
    const first = await c.service.get();
    expect(first.value.studentCount).toBe(1);
    c.setStudents(2);
    jest.setSystemTime(Date.now() + 31_000);
    const release = c.holdBuilds();
    // Stale: still answered from memory (the front door's path), the rebuild started behind it.
    expect(c.service.fresh()).toBe(first);
    expect(await Promise.race([c.service.get(), new Promise((r) => setImmediate(() => r('waited')))])).toBe(first);
    release();
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(c.service.fresh()?.value.studentCount).toBe(2);
  });

  it('never answers a copy after invalidate(), and a build that read before it builds again', async () => {
    const c = catalog();
    await c.service.get();
    const release = c.holdBuilds();
    c.service.invalidate();
    expect(c.service.fresh()).toBeNull();
    const building = c.service.get(); // reads 1 student, then waits
    c.setStudents(3);
    c.service.invalidate(); // the change lands while that build waits
    release();
    expect((await building).value.studentCount).toBe(3);
    expect(c.service.fresh()?.value.studentCount).toBe(3);
  });
});
