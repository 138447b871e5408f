/** How long the success page's read of a payment from its provider (a Stripe Checkout Session, a Vipps payment) is reused. */
export const PROVIDER_READ_CACHE_MS = 3000;

interface Entry<T> {
  /** When the value was read (ms). */
  at: number;
  value?: T;
  /** The read in flight: everyone who asks meanwhile waits for it. */
  pending?: Promise<T>;
}

/**
 * Reads shared per key, in memory: while a read is in flight every caller gets the same promise
 * (single flight), and its value is reused for `ttlMs`. A failed read is not kept: the next caller
 * reads again. At most `maxEntries` keys are held (expired ones first, then the oldest, are dropped).
 * Time is the caller's (`now`, in ms): the app passes its injected clock, so a test moves past the
 * reuse window without waiting.
 */
export class SingleFlight<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, read: () => Promise<T>): Promise<T> {
    const now = this.now();
    const e = this.entries.get(key);
    if (e) {
      if (e.pending) return e.pending;
      if (now - e.at < this.ttlMs) return Promise.resolve(e.value as T);
      this.entries.delete(key);
    }
    const pending = read().then(
      (value) => {
        if (this.entries.get(key) === entry) this.entries.set(key, { at: this.now(), value });
        return value;
      },
      (err: unknown) => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
        throw err;
      },
    );
    const entry: Entry<T> = { at: now, pending };
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) this.prune(now);
    return pending;
  }

  private prune(now: number): void {
    for (const [k, e] of this.entries) if (!e.pending && now - e.at >= this.ttlMs) this.entries.delete(k);
    for (const k of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(k);
    }
  }
}
