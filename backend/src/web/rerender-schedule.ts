/** A catalogue change is rendered this soon after it (several changes at once render once). */
const RERENDER_DELAY_MS = 500;

/**
 * Re-renders start at least this far apart. Every sale changes the catalogue (students, launch seats):
 * at launch day's 100 checkouts a minute, re-rendering the pages after each held a third of a core
 * per instance in rendering and brotli (bench:launch's CPU profile, docs/performance.md). A page is
 * now at most this much older than the catalogue; /api/catalog and the checkout read it fresh.
 */
export const RERENDER_GAP_MS = 5_000;

/**
 * When the server pages are rendered again after the catalogue changed: soon after a change, at most
 * once per RERENDER_GAP_MS, and one render at a time (a render yields to requests between pages, so
 * two could overlap and the older state land last); a change during a render renders again after it.
 */
export class RerenderSchedule {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** When the last render started (0: none yet). */
  private lastAt = 0;

  constructor(
    private readonly render: () => Promise<void>,
    private readonly onError: (e: unknown) => void,
  ) {}

  /** Something the pages show changed. */
  changed(): void {
    if (this.timer || this.stopped) return;
    const wait = Math.max(RERENDER_DELAY_MS, this.lastAt + RERENDER_GAP_MS - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.run();
    }, wait);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private run(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.lastAt = Date.now();
    this.running = this.render()
      .catch(this.onError)
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.changed();
        }
      });
  }
}
