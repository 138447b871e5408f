import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Page, Response } from 'playwright-core';
import { newContext } from './browser';

/** Where the site keeps the visitor's cookie choice (localStorage). */
export const CONSENT_KEY = 'cookie-consent';

/** Stores a cookie choice (no analytics, no marketing) before any page script runs, so the banner stays away. */
export async function storeConsent(ctx: BrowserContext): Promise<void> {
  const consent = JSON.stringify({
    necessary: true,
    functional: true,
    analytics: false,
    marketing: false,
    savedAt: '2026-01-01T00:00:00Z',
    version: 1,
  });
  const key = JSON.stringify(CONSENT_KEY);
  await ctx.addInitScript({
    content: `if (!localStorage.getItem(${key})) localStorage.setItem(${key}, ${JSON.stringify(consent)});`,
  });
}

export const uniqueEmail = (prefix = 'elev') => `${prefix}-${randomBytes(5).toString('hex')}@example.no`;

export interface PostResult {
  status: number;
  json: Record<string, unknown>;
  /** The first cookie the answer set (`name=value`), if any. */
  cookie: string | null;
}

/** A JSON POST to the server from outside the browser, with an optional session cookie. */
export async function postJson(baseUrl: string, path: string, body: unknown, cookie?: string): Promise<PostResult> {
  const res = await fetch(baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const set = res.headers.get('set-cookie');
  return {
    status: res.status,
    json: ((await res.json().catch(() => null)) ?? {}) as Record<string, unknown>,
    cookie: set ? set.split(';')[0] : null,
  };
}

/** The free sign-up (`POST /api/create-user`): a passwordless account and a welcome mail with a sign-in link. */
export function signUpFree(baseUrl: string, email: string, trafficSource = 'starter'): Promise<PostResult> {
  return postJson(baseUrl, '/api/create-user', { email, courseType: 'starter', trafficSource });
}

/** Signs in with a mailed link's token through the API and sets the account's first password. */
export async function setPasswordByLink(baseUrl: string, token: string, password: string): Promise<void> {
  const signedIn = await postJson(baseUrl, '/api/auth/token-login', { token });
  expect(signedIn.status).toBe(200);
  const set = await postJson(
    baseUrl,
    '/api/auth/password',
    { newPassword: password, confirmPassword: password },
    signedIn.cookie!,
  );
  expect(set.status).toBe(200);
}

/** Waits until the page is at this path (the whole path, not a match inside a `?next=`). */
export function at(page: Page, path: string, opts: { timeout?: number } = {}): Promise<void> {
  return page.waitForURL((u) => u.pathname === path, opts);
}

/**
 * Opens a page and waits until React has hydrated it (the root layout sets `data-hydrated` on <html>):
 * the prerendered HTML is visible earlier, but a click on it before hydration does nothing.
 */
export async function visit(page: Page, path: string): Promise<Response | null> {
  const res = await page.goto(path);
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  return res;
}

/** Fills the site's /login form and submits it. */
export async function login(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-post').fill(email);
  await page.getByLabel('Passord', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Logg inn' }).click();
}

/** A visitor's page with the cookie choice stored (no banner over the forms), collecting alerts and page errors. */
export interface Visitor {
  ctx: BrowserContext;
  page: Page;
  alerts: string[];
  errors: string[];
}

/** A fresh desktop-sized context for `baseURL` with a stored cookie choice; alerts are accepted and kept. */
export async function openVisitor(browser: Browser, baseURL: string, width = 1280): Promise<Visitor> {
  const ctx = await newContext(browser, baseURL, { width, height: 900 });
  await storeConsent(ctx);
  const page = await ctx.newPage();
  const alerts: string[] = [];
  const errors: string[] = [];
  page.on('dialog', (d) => {
    alerts.push(d.message());
    void d.accept();
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return { ctx, page, alerts, errors };
}

/** A demo purchase (it pays at once and signs the buyer in on this context). */
export async function buyDemo(request: APIRequestContext, courseId: string, email: string): Promise<void> {
  const bought = await request.post('/api/checkout/sessions', {
    data: {
      courseId,
      email,
      firstName: 'Kari',
      lastName: 'Nordmann',
      paymentMethod: 'vipps',
      acceptTerms: true,
      acceptRisk: true,
    },
  });
  expect(bought.status()).toBe(201);
}

/** Waits until `read()` gives `expected` (jest has no auto-retrying assertions; Playwright's own runner is not used). */
export async function until<T>(read: () => Promise<T> | T, expected: T, timeout = 10_000): Promise<void> {
  const deadline = Date.now() + timeout;
  let last: T | undefined;
  for (;;) {
    last = await read();
    if (JSON.stringify(last) === JSON.stringify(expected)) return;
    if (Date.now() > deadline) expect(last).toEqual(expected);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A download's bytes (the browser may run in another process: saved here first). */
export async function downloaded(download: { saveAs(path: string): Promise<void> }): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'ta-download-'));
  try {
    const file = join(dir, 'file');
    await download.saveAs(file);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
