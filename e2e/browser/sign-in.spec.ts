/// <reference lib="dom" />
/**
 * Who gets a session (issue 13), in the browser: the free sign-up opens no session; the Starter
 * player works signed out and keeps progress in the browser; the welcome mail's one-time link signs
 * in and takes that progress to the account; a link for another account asks before switching; an
 * account with a second factor asks for 'Engangskode' on /login.
 * Run `npm run build` first, then `npx jest --config e2e/jest.browser.config.js e2e/browser/sign-in.spec.ts`.
 */
import * as OTPAuth from 'otpauth';
import type { BrowserContext, Page } from 'playwright-core';
import { MSG } from '@academy/contracts';
import { tokenOf, welcomeLink } from './support/mail';
import { at, login, postJson, setPasswordByLink, signUpFree, uniqueEmail } from './support/site';
import { ADMIN, useBrowserJourney } from './support/journey';

const PROGRESS_KEY = 'ta.starter-progress.v1';
const LINK_SENT =
  'Vi har sendt deg en innloggingslenke på e-post. Du kan begynne med en gang – fremgangen lagres i nettleseren til du logger inn.';

const journey = useBrowserJourney({ mail: true });

const post = (path: string, body: unknown, cookie?: string) => postJson(journey.server.url, path, body, cookie);

/** A student with a password, made the way the site makes them: sign-up, the mailed link, then a password. */
async function studentWithPassword(): Promise<{ email: string; password: string }> {
  const email = uniqueEmail('elev');
  const password = 'hemmelig-passord-7';
  expect((await signUpFree(journey.server.url, email)).status).toBe(200);
  await setPasswordByLink(journey.server.url, tokenOf(await welcomeLink(journey.sink, journey.server.url, email)), password);
  return { email, password };
}

/** A fresh context with a stored cookie choice (no banner). */
async function open(): Promise<{ ctx: BrowserContext; page: Page; errors: string[]; requests: string[] }> {
  const ctx = await journey.newContext(1280);
  const page = await ctx.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('request', (r) => requests.push(r.url()));
  return { ctx, page, errors, requests };
}

/** A GET from inside the page (its cookies): status and JSON. */
function inPage(page: Page, path: string): Promise<{ status: number; json: Record<string, unknown> | null }> {
  return page.evaluate(async (p) => {
    const r = await fetch(p, { headers: { Accept: 'application/json' } });
    return { status: r.status, json: (await r.json().catch(() => null)) as Record<string, unknown> | null };
  }, path);
}

/** Waits until the player's progress reads exactly `text` (e.g. '25%'). */
function percentIs(page: Page, text: string): Promise<void> {
  return page.locator('[data-testid="progress-percent"]', { hasText: new RegExp(`^${text}$`) }).waitFor();
}

function storedProgress(page: Page): Promise<unknown> {
  return page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null'), PROGRESS_KEY);
}

describe('free sign-up', () => {
  it('opens no session; Starter is kept in the browser; the welcome mail link signs in and moves it to the account', async () => {
    const email = uniqueEmail('ny');
    const { ctx, page, errors, requests } = await open();
    const starter = (await (await fetch(`${journey.server.url}/api/courses/starter`)).json()) as { modules: { id: number }[] };
    const first = starter.modules[0].id;

    await page.goto('/gratis-trading-kurs');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    const form = page.locator('form.lead-form').first();
    await form.locator('input[type=email]').fill(email);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/create-user'));
    await form.locator('button[type=submit]').click();
    const created = await answer;
    expect(await created.json()).toEqual({ success: true });
    expect(created.headers()['set-cookie']).toBeUndefined();

    // Signed out on the Starter player, told that the link is in the mail.
    await page.waitForURL((u) => u.pathname === '/course/starter', { timeout: 10_000 });
    await expect(page.getByTestId('player-notice').innerText()).resolves.toBe(LINK_SENT);
    await page.getByRole('heading', { level: 1, name: 'Trading er ikke gambling' }).waitFor();
    expect(await inPage(page, '/api/auth/me')).toEqual({ status: 200, json: null });
    expect(await page.getByRole('link', { name: 'Logg inn' }).count()).toBe(1);

    // A module done and the next one open: kept in this browser, also across a reload.
    await page.getByRole('button', { name: 'Marker som fullført' }).click();
    await page.getByRole('button', { name: 'Neste', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Oppsett av TradingView' }).waitFor();
    expect(await storedProgress(page)).toEqual({ completedModules: [first], currentModule: 1 });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Oppsett av TradingView' }).waitFor();
    await expect(page.getByTestId('progress-percent').innerText()).resolves.toBe('25%');

    // The welcome mail's link: the token rides in the fragment and leaves the address bar.
    const link = await welcomeLink(journey.sink, journey.server.url, email);
    expect(link).toMatch(/\/auto-login#token=/);
    const token = tokenOf(link);
    await page.goto(link);
    await page.waitForURL((u) => u.pathname !== '/auto-login', { timeout: 10_000 });
    expect(page.url()).not.toContain(token);
    expect(requests.filter((u) => u.includes(token))).toEqual([]);

    // Signed in, with the browser's progress on the server and gone from the browser.
    const me = await inPage(page, '/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ email, claimed: true, passwordSet: false });
    const saved = await inPage(page, '/api/progress/starter');
    expect(saved.json).toMatchObject({ completedModules: [first], currentModule: 1 });
    expect(await storedProgress(page)).toBeNull();

    // The player now shows the account's progress.
    await page.goto('/course/starter');
    await page.getByRole('link', { name: 'Dashboard' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Oppsett av TradingView' }).waitFor();
    await percentIs(page, '25%');
    expect(await page.getByTestId('player-notice').count()).toBe(0);

    // A claimed account without a password may now choose one.
    await page.goto('/account/settings');
    await page.getByRole('heading', { name: 'Sett passord' }).waitFor();
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('progress made signed out joins the account at a sign-in on /login too', async () => {
    const s = await studentWithPassword();
    const { ctx, page } = await open();
    await page.goto('/course/starter');
    await page.getByRole('heading', { level: 1, name: 'Trading er ikke gambling' }).waitFor();
    await page.getByRole('button', { name: 'Marker som fullført' }).click();
    await page.getByRole('link', { name: 'Logg inn' }).click();
    await page.waitForURL(/\/login\?next=%2Fcourse%2Fstarter$/);
    await login(page, s.email, s.password);
    await at(page, '/course/starter');
    await percentIs(page, '25%');
    const saved = await inPage(page, '/api/progress/starter');
    expect((saved.json?.completedModules as number[]).length).toBe(1);
    expect(await storedProgress(page)).toBeNull();
    await ctx.close();
  });
});

describe('a link for another account', () => {
  it('asks before switching: staying keeps the session, agreeing signs in with the link', async () => {
    const a = await studentWithPassword();
    const other = uniqueEmail('annen');
    expect((await signUpFree(journey.server.url, other)).status).toBe(200);
    const link = await welcomeLink(journey.sink, journey.server.url, other);

    const { ctx, page, errors } = await open();
    await page.goto('/login');
    await login(page, a.email, a.password);
    await at(page, '/dashboard');

    await page.goto(link);
    await expect(page.getByTestId('account-switch').innerText()).resolves.toBe(
      `Du er logget inn som ${a.email}. Vil du logge ut og fortsette med lenken?`,
    );
    expect(page.url()).not.toContain(tokenOf(link));
    expect((await inPage(page, '/api/auth/me')).json).toMatchObject({ email: a.email });

    await page.getByRole('link', { name: `Nei, fortsett som ${a.email}` }).click();
    await at(page, '/dashboard');
    expect(await page.locator('.dashboard__email').innerText()).toBe(a.email);

    // The link was not used up by asking: the same link, and this time yes.
    await page.goto(link);
    await page.getByRole('button', { name: 'Logg ut og fortsett med lenken' }).click();
    await page.waitForURL((u) => u.pathname !== '/auto-login', { timeout: 10_000 });
    expect((await inPage(page, '/api/auth/me')).json).toMatchObject({ email: other, claimed: true });
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

describe('second factor on /login', () => {
  it('an account with TOTP: password first, then "Engangskode"; a wrong code opens no session; a recovery code works', async () => {
    // The mentor enrols through the API (the panel's enrolment is the admin journey).
    const signedIn = await post('/api/auth/login', ADMIN);
    expect(signedIn.status).toBe(200);
    const setup = await post('/api/auth/totp/setup', {}, signedIn.cookie!);
    expect(setup.status).toBeLessThan(300);
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup.json.secret as string) });
    const enabled = await post('/api/auth/totp/enable', { code: totp.generate() }, signedIn.cookie!);
    expect(enabled.status).toBeLessThan(300);
    const recovery = enabled.json.recoveryCodes as string[];

    const { ctx, page, errors } = await open();
    await page.goto('/login');
    await login(page, ADMIN.email, ADMIN.password);
    const code = page.getByLabel('Engangskode');
    await code.waitFor();
    expect(await inPage(page, '/api/auth/me')).toEqual({ status: 200, json: null });

    await code.fill('000000');
    await page.getByRole('button', { name: 'Logg inn' }).click();
    await expect(page.getByRole('alert').innerText()).resolves.toBe(MSG.totpInvalid);
    expect(await inPage(page, '/api/auth/me')).toEqual({ status: 200, json: null });

    await code.fill(recovery[0]);
    await page.getByRole('button', { name: 'Logg inn' }).click();
    await at(page, '/dashboard');
    expect((await inPage(page, '/api/auth/me')).json).toMatchObject({ email: ADMIN.email, role: 'admin' });

    // A code from the app, in a new browser.
    const fresh = await open();
    await fresh.page.goto('/login');
    await login(fresh.page, ADMIN.email, ADMIN.password);
    await fresh.page.getByLabel('Engangskode').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await fresh.page.getByRole('button', { name: 'Logg inn' }).click();
    await at(fresh.page, '/dashboard');
    expect(errors).toEqual([]);
    await Promise.all([ctx.close(), fresh.ctx.close()]);
  });
});
