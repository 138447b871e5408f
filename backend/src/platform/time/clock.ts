/**
 * The time as the application sees it. Everything that schedules (reminders, sequences, drip
 * release, launch seats' grace, certificates' dates) asks the clock instead of `new Date()`, so a
 * test can move time forward without waiting.
 */
export abstract class Clock {
  abstract now(): Date;
}

/** The real time. */
export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock the caller moves by hand (tests and the bench). Starts at the given instant. */
export class ManualClock extends Clock {
  private t: number;

  constructor(start: Date = new Date()) {
    super();
    this.t = start.getTime();
  }

  now(): Date {
    return new Date(this.t);
  }

  set(to: Date): void {
    this.t = to.getTime();
  }

  advance(ms: number): void {
    this.t += ms;
  }
}
