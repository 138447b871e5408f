import type { Logger } from '@nestjs/common';

/**
 * A round of background work that runs every `intervalMs` after the previous round ended (never
 * two at once on one instance), and on demand with {@link runNow} (tests call it; a call while a
 * round runs shares that round). An interval of 0 turns the timer off. The timer never keeps the
 * process alive; {@link stop} clears it and waits for a round still running.
 */
export class PeriodicTask<T> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<T> | null = null;
  private stopped = false;

  constructor(
    private readonly options: {
      intervalMs: number;
      round: () => Promise<T>;
      logger: Logger;
      /** Logged, with the error's message, when a timed round fails. */
      failure: string;
    },
  ) {}

  /** Starts the timer (when the interval is above 0). */
  start(): void {
    if (this.options.intervalMs > 0) this.schedule();
  }

  /** Stops the timer and waits for a round still running. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One round now, or the one already running. */
  runNow(): Promise<T> {
    this.running ??= this.options.round().finally(() => (this.running = null));
    return this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.runNow()
        .catch((e: unknown) =>
          this.options.logger.error(`${this.options.failure}: ${e instanceof Error ? e.message : String(e)}`),
        )
        .finally(() => this.schedule());
    }, this.options.intervalMs);
    this.timer.unref();
  }
}
