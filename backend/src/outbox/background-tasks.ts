import { Injectable, Logger } from '@nestjs/common';

/**
 * Work that runs after the response was sent (so an answer takes the same time whatever the
 * work turns out to be). Tracked, so tests and shutdown can wait for it.
 */
@Injectable()
export class BackgroundTasks {
  private readonly logger = new Logger('Mail');
  private readonly pending = new Set<Promise<void>>();

  run(name: string, work: () => Promise<void>): void {
    const p: Promise<void> = Promise.resolve()
      .then(work)
      .catch((e: unknown) => this.logger.error(`${name} failed: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Resolves when every task started so far (and any they started) has finished. */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}
