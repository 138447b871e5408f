/// <reference lib="dom" />
/**
 * One attribution per person, in the browser (issue 15): a visitor lands on /b, says no to cookies,
 * leaves a lead there, signs up for the free course on the home page and buys Foundation, all in one
 * visit; the first touch lives in memory only. The admin funnel counts the lead, the account and the
 * purchase under B, and nothing under the home page.
 * Run `npm run build` first, then `npx jest --config e2e/jest.browser.config.js e2e/browser/attribution.spec.ts`.
 */
import type { Page } from 'playwright-core';
import { signInToAdmin } from './support/admin';
import { CONSENT_KEY, uniqueEmail } from './support/site';
import { ADMIN, useBrowserJourney } from './support/journey';

const journey = useBrowserJourney();

/** In-app navigation through the test panel (shown with ?test=true): the page is not reloaded. */
async function panelTo(page: Page, label: string): Promise<void> {
  const panel = page.getByTestId('test-panel');
  if ((await panel.getByRole('link', { name: label }).count()) === 0) await panel.getByRole('button', { name: 'Test' }).click();
  await panel.getByRole('link', { name: label }).click();
}

it('from /b to a paid order in one visit: the funnel counts lead, account and purchase under B', async () => {
  const ctx = await journey.newContext(1280, { consent: false });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => void d.accept());
  const email = uniqueEmail('b-kunde');

  // Lands on /b from a newsletter and says no to cookies.
  await page.goto('/b?utm_source=nyhetsbrev&test=true');
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  await page.getByTestId('cookie-banner').getByRole('button', { name: 'Avvis alle' }).click();
  // The whole journey is one page load (the first touch lives in memory): this mark must survive.
  await page.evaluate(() => ((window as unknown as { journey?: boolean }).journey = true));

  // 1. The lead on /b: on to the checkout inside the app.
  const leadSent = page.waitForRequest((r) => r.url().endsWith('/api/leads') && r.method() === 'POST');
  const cta = page.locator('.cta-section form');
  await cta.locator('input[type=email]').fill(email);
  await cta.locator('button[type=submit]').click();
  expect(JSON.parse((await leadSent).postData() ?? '{}').attribution).toMatchObject({
    trafficSource: 'B',
    utmSource: 'nyhetsbrev',
  });
  await page.waitForURL((u) => u.pathname === '/bestill', { timeout: 10_000 });

  // 2. Back (inside the app) and on to the home page for the free sign-up (whose own code is 'starter').
  await page.goBack();
  await page.waitForURL((u) => u.pathname === '/b');
  await panelTo(page, 'Forsiden');
  await page.waitForURL((u) => u.pathname === '/');
  const signupSent = page.waitForRequest((r) => r.url().endsWith('/api/create-user') && r.method() === 'POST');
  const signup = page.locator('#signup form');
  await signup.locator('input[type=email]').fill(email);
  await signup.locator('button[type=submit]').click();
  expect(JSON.parse((await signupSent).postData() ?? '{}').attribution).toMatchObject({ trafficSource: 'B', landingPath: '/b' });
  await page.waitForURL((u) => u.pathname === '/course/starter', { timeout: 10_000 });

  // 3. Back to the home page (inside the app) and on to buy Foundation (demo payments).
  await page.goBack();
  await page.waitForURL((u) => u.pathname === '/');
  await panelTo(page, 'Bestill');
  await page.waitForURL((u) => u.pathname === '/bestill');
  // The URL changes before the order form has replaced the home page (whose forms also mention e-post).
  await page.getByTestId('checkout-submit').waitFor();
  await page.getByLabel('E-post', { exact: true }).fill(email);
  await page.getByLabel('Fornavn').fill('Kari');
  await page.getByLabel('Etternavn').fill('Nordmann');
  await page.getByRole('checkbox', { name: /angrerett/i }).check();
  await page.getByRole('checkbox', { name: /risiko for tap/i }).check();
  const orderSent = page.waitForRequest((r) => r.url().endsWith('/api/checkout/sessions') && r.method() === 'POST');
  await page.getByTestId('checkout-submit').click();
  expect(JSON.parse((await orderSent).postData() ?? '{}').attribution).toMatchObject({ trafficSource: 'B' });
  await page.waitForURL((u) => u.pathname === '/betaling/fullfort', { timeout: 10_000 });
  await page.getByRole('heading', { name: 'Takk for kjøpet!' }).waitFor();
  expect(await page.evaluate(() => (window as unknown as { journey?: boolean }).journey)).toBe(true);

  // Nothing but the choice was stored on the device.
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([CONSENT_KEY]);
  // (At most the session cookie of a sign-in, which the service itself needs.)
  expect((await ctx.cookies()).filter((c) => c.name !== 'sid')).toEqual([]);
  await ctx.close();

  // The mentor's funnel: one person under B, with the account, the purchase and the revenue.
  const admin = await journey.newPage(1280, { consent: false, problems: errors });
  await signInToAdmin(admin.page, ADMIN.email, ADMIN.password);
  await admin.page.waitForURL(/\/admin\/?$/);
  const table = admin.page.getByRole('table', { name: 'Konvertering per variant' });
  await table.waitFor({ timeout: 15_000 });
  const row = async (label: string) =>
    (await table.getByRole('row').filter({ hasText: label }).first().locator('td').allInnerTexts()).map((s) =>
      s.replace(/\s+/g, ' ').trim(),
    );
  expect(await row('B – profesjonell')).toEqual([
    'B – profesjonell',
    '1',
    '1',
    '1',
    '100 %',
    '100 %',
    expect.stringMatching(/^1 997/),
  ]);
  expect((await row('Forsiden')).slice(1, 4)).toEqual(['0', '0', '0']);
  expect(errors).toEqual([]);
  await admin.ctx.close();
});
