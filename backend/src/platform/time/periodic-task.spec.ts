import { Logger } from '@nestjs/common';
import { PeriodicTask } from './periodic-task';

describe('PeriodicTask', () => {
  const logger = new Logger('Spec');
  let errors: string[];

  beforeEach(() => {
    jest.useFakeTimers();
    errors = [];
    jest.spyOn(logger, 'error').mockImplementation((m: unknown) => void errors.push(String(m)));
  });
  afterEach(() => jest.useRealTimers());

  /** Lets the promise chain of a round settle under fake timers. */
  const settle = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it('runs every interval after the previous round, logs a failed round and goes on', async () => {
    let n = 0;
    const task = new PeriodicTask({
      intervalMs: 1000,
      round: () => (++n === 2 ? Promise.reject(new Error('down')) : Promise.resolve(n)),
      logger,
      failure: 'The round failed',
    });
    task.start();
    expect(n).toBe(0);
    for (let i = 0; i < 3; i++) {
      jest.advanceTimersByTime(1000);
      await settle();
    }
    expect(n).toBe(3);
    expect(errors).toEqual(['The round failed: down']);
    await task.stop();
    jest.advanceTimersByTime(5000);
    await settle();
    expect(n).toBe(3);
  });

  it('an interval of 0 never runs by itself; calls while a round runs share it', async () => {
    let calls = 0;
    let release!: (v: number) => void;
    const task = new PeriodicTask({
      intervalMs: 0,
      round: () => {
        calls++;
        return new Promise<number>((r) => (release = r));
      },
      logger,
      failure: 'The round failed',
    });
    task.start();
    jest.advanceTimersByTime(60_000);
    expect(calls).toBe(0);
    const a = task.runNow();
    const b = task.runNow();
    expect(calls).toBe(1);
    release(7);
    await expect(Promise.all([a, b])).resolves.toEqual([7, 7]);
    // The next call is a new round.
    const c = task.runNow();
    expect(calls).toBe(2);
    release(8);
    await expect(c).resolves.toBe(8);
  });

  it('stop waits for the round that is running', async () => {
    let release!: () => void;
    let done = false;
    const task = new PeriodicTask({
      intervalMs: 0,
      round: () => new Promise<void>((r) => (release = r)).then(() => void (done = true)),
      logger,
      failure: 'The round failed',
    });
    void task.runNow();
    const stopped = task.stop().then(() => done);
    release();
    await expect(stopped).resolves.toBe(true);
  });
});
