import { Injectable } from '@nestjs/common';

/** Places in the code where a test may make the process "die" (right after a commit, say). */
export type CrashPoint =
  'order.paid:after-commit' | 'order.refunded:after-commit' | 'user.signedUp:after-commit' | 'fiken.sale:after-create';

/** Thrown by an armed crash point: the process stops there, as if it had died. */
export class SimulatedCrash extends Error {
  constructor(readonly point: CrashPoint) {
    super(`Simulated crash at ${point}`);
  }
}

/**
 * Crash points for tests of what survives a dead process: a test arms a point, the code passes it
 * (`reached`), and the flow stops there (nothing after it runs). Nothing is armed in production.
 */
@Injectable()
export class CrashPoints {
  private readonly armed = new Set<CrashPoint>();

  arm(point: CrashPoint): void {
    this.armed.add(point);
  }

  disarm(point: CrashPoint): void {
    this.armed.delete(point);
  }

  /** Throws when the point is armed (once: the next pass goes on). */
  reached(point: CrashPoint): void {
    if (!this.armed.delete(point)) return;
    throw new SimulatedCrash(point);
  }
}
