import { existsSync } from 'node:fs';
import { Browser, BrowserContext, chromium } from 'playwright-core';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL_BROWSER = '/usr/bin/chromium';

/**
 * Debian's Chromium for the journeys: its headless shell (package chromium-headless-shell, the same
 * Blink and V8 as /usr/bin/chromium, without the desktop browser around them, as Playwright's own
 * headless runs use) when it is installed, else the full browser. A journey suite took 126 s and
 * 125 s of the browser's CPU in the full browser, 98 s and 41 s in the shell (storefront.spec.ts,
 * one worker, 2-core machine). `CHROMIUM_PATH` picks another.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER);

/**
 * Debian's Chromium, headless, with no background traffic. Playwright turns the back/forward cache
 * off by default; `backForwardCache` leaves it on, as in a buyer's browser.
 */
export function launchBrowser(opts: { backForwardCache?: boolean } = {}): Promise<Browser> {
  if (!opts.backForwardCache) return chromium.launch(launchOptions());
  // The headless shell restores no page from the cache (seen: `pageshow` never persisted): the full browser.
  return chromium.launch({
    ...launchOptions(process.env.CHROMIUM_PATH ?? FULL_BROWSER),
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  });
}

function launchOptions(executablePath = CHROMIUM_PATH) {
  return {
    executablePath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}

/** Where jest's globalSetup keeps the Chromium servers it started, one per worker. */
const ENDPOINTS = 'TEST_BROWSER_ENDPOINTS';

/**
 * One Chromium per jest worker for the whole run (jest's globalSetup: `startWorkerBrowsers`), so a
 * suite connects in a moment instead of starting a browser; its contexts are its own and close
 * when it disconnects. Without the servers (a suite run some other way) it launches its own.
 */
export function workerBrowser(): Promise<Browser> {
  const endpoints = process.env[ENDPOINTS]?.split(',').filter(Boolean) ?? [];
  if (!endpoints.length) return launchBrowser();
  const worker = Number(process.env.JEST_WORKER_ID ?? 1);
  return chromium.connect(endpoints[(worker - 1) % endpoints.length]);
}

/** globalSetup: a Chromium server per worker; answers a function that stops them (globalTeardown). */
export async function startWorkerBrowsers(workers: number): Promise<() => Promise<void>> {
  const servers = await Promise.all(Array.from({ length: workers }, () => chromium.launchServer(launchOptions())));
  process.env[ENDPOINTS] = servers.map((s) => s.wsEndpoint()).join(',');
  return async () => {
    await Promise.all(servers.map((s) => s.close()));
  };
}

/** A fresh context (own cookies and storage), phone-sized unless told otherwise. */
export function newContext(
  browser: Browser,
  baseURL: string,
  opts: { width?: number; height?: number } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: opts.width ?? 390, height: opts.height ?? 844 },
    locale: 'nb-NO',
    timezoneId: 'Europe/Oslo',
  });
}
