/// <reference lib="dom" />
/**
 * What a buyer or student sees (issue 15): the lesson overlay (Norwegian, no date, editable), the
 * checkout button after coming back from Stripe, the server's message when payments are off in
 * production, 'Tilbake til dashboard', the programme tabs, the retry on /signup and the free page's value.
 * Run `npm run build` first, then `npx jest --config e2e/jest.browser.config.js e2e/browser/buyer-details.spec.ts`.
 */
import type { Page } from 'playwright-core';
import { signInToAdmin } from './support/admin';
import { openVisitor, uniqueEmail, until, visit } from './support/site';
import { ADMIN, useBrowserJourney, type BrowserJourney } from './support/journey';

/** A visitor of this journey's server with a stored cookie choice (no banner), collecting alerts and page errors. */
const open = (journey: BrowserJourney, width?: number) => openVisitor(journey.browser, journey.server.url, width);

const submit = (page: Page) => page.getByTestId('checkout-submit');
const submitText = (page: Page) => async () => (await submit(page).innerText()).trim();

async function fillCheckout(page: Page, email: string): Promise<void> {
  await page.getByLabel('E-post').fill(email);
  await page.getByLabel('Fornavn').fill('Kari');
  await page.getByLabel('Etternavn').fill('Nordmann');
  await page.getByRole('checkbox', { name: /angrerett/i }).check();
  await page.getByRole('checkbox', { name: /risiko for tap/i }).check();
}

describe('a development server (demo payments)', () => {
  const journey = useBrowserJourney();

  it('the lesson overlay is Norwegian, has no date, and the mentor edits it in the settings page', async () => {
    const { ctx, page, errors } = await open(journey);
    await visit(page, '/course/starter');
    const overlay = page.getByTestId('video-overlay');
    await overlay.waitFor();
    expect((await overlay.innerText()).trim()).toBe('Videoen kommer snart');

    const admin = await journey.newPage(1280, { consent: false, problems: errors });
    await signInToAdmin(admin.page, ADMIN.email, ADMIN.password);
    await admin.page.waitForURL(/\/admin\/?$/);
    await admin.page.goto('/admin/settings');
    const field = admin.page.getByLabel('Tekst på videoer som ikke er klare');
    await until(() => field.inputValue(), 'Videoen kommer snart');
    await field.fill('Videoen publiseres snart');
    await admin.page.getByRole('button', { name: 'Lagre' }).click();
    await admin.page
      .getByText(/oppdatert|lagret/i)
      .first()
      .waitFor({ timeout: 10_000 });
    await admin.ctx.close();

    await visit(page, '/course/starter');
    await until(async () => (await page.getByTestId('video-overlay').innerText()).trim(), 'Videoen publiseres snart');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("'Tilbake til dashboard' on the account settings goes to /dashboard, not back to where the buyer came from", async () => {
    const { ctx, page, alerts } = await open(journey);
    await visit(page, '/bestill?course=foundation');
    await fillCheckout(page, uniqueEmail('tilbake'));
    await submit(page).click();
    // The demo purchase signs the buyer in and ends on the confirmation page; its account link leads on.
    await page.waitForURL((u) => u.pathname === '/betaling/fullfort', { timeout: 10_000 });
    await page.getByRole('heading', { name: 'Takk for kjøpet!' }).waitFor();
    await page.getByRole('link', { name: 'Kontoinnstillinger' }).click();
    await page.waitForURL('**/account/settings', { timeout: 10_000 });
    expect(alerts).toEqual([]);
    await page.getByRole('link', { name: 'Tilbake til dashboard' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await ctx.close();
  });

  it('landing and mentor page tabs: Starter scrolls to the sign-up, Foundation and Accelerator go to /kurs/{tab}', async () => {
    const { ctx, page, errors } = await open(journey);
    for (const [path, signupId] of [
      ['/', 'signup'],
      ['/c', 'mentor-signup'],
    ] as const) {
      await visit(page, path);
      await page.getByRole('tab', { name: /Foundation/ }).click();
      await page.waitForURL((u) => u.pathname === '/kurs/foundation');
      await visit(page, path);
      await page.getByRole('tab', { name: /Accelerator/ }).click();
      await page.waitForURL((u) => u.pathname === '/kurs/accelerator');
      await visit(page, path);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const tab = page.getByRole('tab', { name: /Starter/ });
      await tab.scrollIntoViewIfNeeded();
      await tab.click();
      // The sign-up section comes into view (smooth scrolling: wait for it to arrive).
      await page.waitForFunction((id) => {
        const r = document.getElementById(id)?.getBoundingClientRect();
        return !!r && r.top < window.innerHeight && r.bottom > 0 && Math.abs(r.top) < 200;
      }, signupId);
      expect(new URL(page.url()).pathname).toBe(path);
    }
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('a retry on /signup after a failed free sign-up creates the account (the landing form’s call)', async () => {
    const { ctx, page } = await open(journey);
    const email = uniqueEmail('retry');
    await visit(page, `/signup?email=${encodeURIComponent(email)}&course=starter`);
    await page.getByTestId('signup-notice').waitFor();
    const form = page.getByTestId('lead-form');
    await until(() => form.locator('input[type=email]').inputValue(), email);
    const call = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/(create-user|leads)$/.test(r.url()));
    await form.locator('button[type=submit]').click();
    const res = await call;
    expect(new URL(res.url()).pathname).toBe('/api/create-user');
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    // Signed up: the Starter player follows, as after the landing form.
    await page.waitForURL((u) => u.pathname === '/course/starter', { timeout: 10_000 });
    await ctx.close();
  });

  it('the free page shows "verdi 799 kr", not struck through', async () => {
    const { ctx, page } = await open(journey);
    // In the server-rendered HTML and in the page after hydration.
    const html = await (await fetch(`${journey.server.url}/gratis-trading-kurs`)).text();
    expect(html).toContain('verdi 799');
    expect(html).not.toMatch(/<s>\s*799/);
    expect(html).not.toMatch(/<(s|del)\b[^>]*>[^<]*799/);
    await visit(page, '/gratis-trading-kurs');
    const value = page.locator('.offer-card__value').first();
    expect((await value.innerText()).replace(/\s+/g, ' ').trim()).toBe('verdi 799 kr');
    expect(await value.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('none');
    expect(await page.locator('s, del').filter({ hasText: '799' }).count()).toBe(0);
    await ctx.close();
  });
});

describe('back from Stripe (fake Stripe server)', () => {
  // Playwright turns the back/forward cache off by default; a buyer's browser has it on.
  const journey = useBrowserJourney({ fakes: { stripe: true }, backForwardCache: true });

  it("the checkout button is never stuck on 'BEHANDLER...' after the back button (back/forward cache)", async () => {
    const ctx = await journey.newContext(1280);
    await ctx.route('https://checkout.stripe.test/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Stripe Checkout</h1>' }),
    );
    const page = await ctx.newPage();
    const alerts: string[] = [];
    const errors: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    await visit(page, '/bestill?course=foundation');
    // Did the page come back from the back/forward cache? (Otherwise this test would prove nothing.)
    await page.evaluate(() => {
      window.addEventListener('pageshow', (e) => {
        (window as unknown as { restored?: boolean }).restored = e.persisted;
      });
    });
    await fillCheckout(page, uniqueEmail('tilbake-stripe'));
    await submit(page).click();
    await page.waitForURL('https://checkout.stripe.test/**');
    // A page restored from the cache fires no load event: wait for the navigation itself.
    await page.goBack({ waitUntil: 'commit' });
    await page.waitForURL((u) => u.pathname === '/bestill', { waitUntil: 'commit' });
    await until(() => page.evaluate(() => (window as unknown as { restored?: boolean }).restored), true);
    await until(submitText(page), 'START KURSET - 1\u00a0997,-');
    expect(await submit(page).isEnabled()).toBe(true);
    expect(alerts).toEqual([]);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

describe('production without payments configured', () => {
  const journey = useBrowserJourney({
    env: {
      NODE_ENV: 'production',
      APP_SECRET: 'k3J9xq2LmP8vR4tY7wZ1aB6cD0eF5gH2iJ8kL3mN',
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_2FA: 'optional',
      MAIL_DISABLED: 'true',
      SELLER_NAME: 'Tradingakademiet AS',
      SELLER_ORG_NR: '123456789',
      SELLER_ADDRESS: 'Storgata 1, 0155 Oslo',
    },
  });

  it("the checkout page shows the server's message (503), not the generic alert", async () => {
    const { ctx, page, alerts } = await open(journey);
    await visit(page, '/bestill?course=foundation');
    await fillCheckout(page, uniqueEmail('prod'));
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/checkout/sessions'));
    await submit(page).click();
    const res = await answer;
    expect(res.status()).toBe(503);
    const { message } = (await res.json()) as { message: string };
    expect(message).toMatch(/\S/);
    const shown = page.locator('.checkout-message--error');
    await shown.waitFor();
    expect((await shown.innerText()).trim()).toBe(message);
    expect(alerts).toEqual([]);
    await until(submitText(page), 'START KURSET - 1\u00a0997,-');
    await ctx.close();
  });
});
