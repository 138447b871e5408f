import type { AppConfig } from '../platform/config';
import type { LeadStatisticsService } from './lead-statistics.service';
import { LeadStatisticsTask } from './lead-statistics.task';

describe('LeadStatisticsTask', () => {
  const make = (nodeEnv: string, catchUp: () => Promise<void>) =>
    new LeadStatisticsTask({ nodeEnv } as AppConfig, { catchUp } as unknown as LeadStatisticsService);

  it('takes new leads in at start outside tests, and waits for that round on shutdown', async () => {
    let finish!: () => void;
    const catchUp = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const task = make('production', catchUp);
    task.onApplicationBootstrap();
    expect(catchUp).toHaveBeenCalledTimes(1);
    let stopped = false;
    const stopping = task.beforeApplicationShutdown().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('a failed round at start is logged, never thrown', async () => {
    const task = make('production', () => Promise.reject(new Error('database down')));
    const error = jest
      .spyOn((task as unknown as { logger: { error: () => void } }).logger, 'error')
      .mockImplementation(() => undefined);
    task.onApplicationBootstrap();
    await task.beforeApplicationShutdown();
    await new Promise((r) => setImmediate(r));
    expect(error).toHaveBeenCalledWith(expect.stringContaining('database down'));
  });

  it('does nothing by itself in tests', async () => {
    const catchUp = jest.fn(() => Promise.resolve());
    const task = make('test', catchUp);
    task.onApplicationBootstrap();
    await task.beforeApplicationShutdown();
    expect(catchUp).not.toHaveBeenCalled();
  });
});
