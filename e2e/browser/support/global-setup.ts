import type { Config } from 'jest';
import { makeTemplates } from '../../support/templates';
import { startWorkerBrowsers } from './browser';

/** jest globalSetup of the browser suites: the migrated database template and one Chromium per worker. */
export default async function setup(globalConfig: { maxWorkers: number } & Config): Promise<void> {
  await makeTemplates();
  (globalThis as { stopWorkerBrowsers?: () => Promise<void> }).stopWorkerBrowsers = await startWorkerBrowsers(
    Math.max(1, globalConfig.maxWorkers),
  );
}
