import { dropTemplates } from '../../support/templates';

/** jest globalTeardown of the browser suites: the Chromium servers and the template go. */
export default async function teardown(): Promise<void> {
  await (globalThis as { stopWorkerBrowsers?: () => Promise<void> }).stopWorkerBrowsers?.();
  await dropTemplates();
}
