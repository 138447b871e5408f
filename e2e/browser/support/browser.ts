import { Browser, BrowserContext, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium, headless, with no background traffic. Playwright turns the back/forward cache
 * off by default; `backForwardCache` leaves it on, as in a buyer's browser.
 */
export function launchBrowser(opts: { backForwardCache?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
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
    ...(opts.backForwardCache ? { ignoreDefaultArgs: ['--disable-back-forward-cache'] } : {}),
  });
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
