/**
 * Prices that are true (issue 15): the mentor makes a campaign code in the admin panel, a buyer
 * follows /bestill?kode=… and sees the server's discounted price (and pays it, demo payments), and
 * once the launch seats are gone (LAUNCH_SEATS=1 here) no page speaks of a launch price any more,
 * the server-rendered HTML included.
 * Run `npm run build` first, then `npx jest --config e2e/jest.browser.config.js e2e/browser/campaign-code.spec.ts`.
 */
import type { Page } from 'playwright-core';
import { signInToAdmin } from './support/admin';
import { until } from './support/site';
import { ADMIN, useBrowserJourney } from './support/journey';

const LAUNCH = /lansering/i;
const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('campaign codes and the end of the launch price (demo payments, LAUNCH_SEATS=1)', () => {
  let admin: Page;
  const errors: string[] = [];

  const journey = useBrowserJourney({ env: { LAUNCH_SEATS: '1' } });

  beforeAll(async () => {
    ({ page: admin } = await journey.newPage(1280, { consent: false, problems: errors }));
  });

  /** The server-rendered HTML of a page, as a crawler or a browser without JavaScript gets it. */
  const html = async (path: string) => (await fetch(`${journey.server.url}${path}`)).text();

  it('the mentor makes a campaign code in the admin panel, and sees the launch seats left per course', async () => {
    await signInToAdmin(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL(/\/admin\/?$/);

    await admin.goto('/admin/courses');
    const foundationRow = admin.locator('tbody tr', { hasText: 'Foundation' });
    await foundationRow.waitFor();
    await admin.getByText('Lanseringsplasser igjen').waitFor();
    expect(flat(await foundationRow.innerText())).toContain('1');

    await admin.goto('/admin/campaign-codes/create');
    await admin.getByLabel('Kode').fill('vaar500');
    await admin.getByLabel('Beløp (kr)').check();
    await admin.getByLabel('Rabatt i kroner').fill('500');
    await admin.getByRole('button', { name: 'Lagre' }).click();
    await admin.waitForURL(/\/admin\/campaign-codes\/?$/);
    const row = admin.locator('tbody tr', { hasText: 'VAAR500' });
    await row.waitFor();
    expect(flat(await row.innerText())).toContain('500 kr');
    expect(errors).toEqual([]);
  });

  it('a buyer opens /bestill?kode=… and sees and pays the discounted price', async () => {
    const ctx = await journey.newContext(1280);
    const page = await ctx.newPage();
    page.on('dialog', (d) => void d.accept());
    // Before: the launch price is on, and said so.
    await page.goto('/bestill?course=foundation&kode=vaar500');
    await page.getByTestId('campaign-code-applied').waitFor();
    expect(flat(await page.getByTestId('campaign-code-applied').innerText())).toContain('VAAR500');
    await until(async () => flat(await page.getByTestId('checkout-total').innerText()), '1 497 kr');
    expect(flat(await page.getByTestId('checkout-submit').innerText())).toContain('1 497');
    expect(await page.locator('body').innerText()).toMatch(LAUNCH);

    // A wrong code is refused in Norwegian (one answer for every unusable code), and the price stays.
    await page.getByRole('button', { name: 'Fjern' }).click();
    await page.getByLabel('Kampanjekode').fill('finnesikke');
    await page.getByRole('button', { name: 'Bruk' }).click();
    await page.getByText('Kampanjekoden kan ikke brukes på dette kurset nå').waitFor();
    await until(async () => flat(await page.getByTestId('checkout-total').innerText()), '1 997 kr');
    await page.getByLabel('Kampanjekode').fill('VaAr500');
    await page.getByRole('button', { name: 'Bruk' }).click();
    await until(async () => flat(await page.getByTestId('checkout-total').innerText()), '1 497 kr');

    await page.getByLabel('E-post').fill(`kode-${Date.now().toString(36)}@example.no`);
    await page.getByLabel('Fornavn').fill('Kari');
    await page.getByLabel('Etternavn').fill('Nordmann');
    await page.locator('input[name=acceptTerms]').check();
    await page.locator('input[name=acceptRisk]').check();
    await page.getByTestId('checkout-submit').click();
    // A demo purchase ends on the same confirmation page as a paid one.
    await page.waitForURL(/\/betaling\/fullfort/, { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Takk for kjøpet!' }).waitFor({ timeout: 15_000 });
    const me = await (await page.request.get('/api/auth/me')).json();
    expect(me.courses).toEqual(['foundation']);
    await ctx.close();
  });

  it('after the last launch seats, the pages, the checkout and the server-rendered HTML show no launch price', async () => {
    // The last seat of every other course with a launch price goes to another buyer (Foundation's went above).
    for (const courseId of ['accelerator', 'microkurs', 'temakurs', 'vip']) {
      const res = await fetch(`${journey.server.url}/api/checkout/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: journey.server.url },
        body: JSON.stringify({
          courseId,
          email: `siste-${courseId}-${Date.now().toString(36)}@example.no`,
          firstName: 'Ola',
          lastName: 'Nordmann',
          paymentMethod: 'card',
          acceptTerms: true,
          acceptRisk: true,
        }),
      });
      expect(res.status).toBe(201);
    }

    const catalog = (await (await fetch(`${journey.server.url}/api/catalog`)).json()) as {
      items: Array<{ id: string; priceOre: number; beforePriceOre: number | null; launchSeatsLeft: number | null }>;
    };
    const byId = Object.fromEntries(catalog.items.map((i) => [i.id, i]));
    expect(byId.foundation).toMatchObject({ priceOre: 299700, beforePriceOre: null, launchSeatsLeft: 0 });
    expect(byId.accelerator).toMatchObject({ priceOre: 799700, beforePriceOre: null, launchSeatsLeft: 0 });
    expect(byId.microkurs).toMatchObject({ priceOre: 79900, beforePriceOre: null, launchSeatsLeft: 0 });
    expect(byId.temakurs).toMatchObject({ priceOre: 250000, beforePriceOre: null, launchSeatsLeft: 0 });
    expect(byId.vip).toMatchObject({ priceOre: 750000, beforePriceOre: null, launchSeatsLeft: 0 });

    // The server re-renders its pages shortly after the catalogue changed.
    const pages = [
      '/',
      '/profesjonell-trading-utdanning',
      '/kurs/foundation',
      '/kurs/accelerator',
      '/gratis-trading-kurs',
      '/kryptovaluta-trading-kurs',
    ];
    for (const p of pages) await until(async () => LAUNCH.test(await html(p)), false);
    expect(await html('/kurs/foundation')).toMatch(/2(?:\s|&nbsp;|&#160;)997/);

    const ctx = await journey.newContext(1280);
    const page = await ctx.newPage();
    for (const p of pages) {
      await page.goto(p);
      await page.locator('main').first().waitFor();
      expect(await page.locator('body').innerText()).not.toMatch(LAUNCH);
      // No struck before-price is left.
      expect(await page.locator('main s').count()).toBe(0);
    }
    await page.goto('/bestill?course=foundation');
    await until(async () => flat(await page.getByTestId('checkout-total').innerText()), '2 997 kr');
    expect(await page.locator('body').innerText()).not.toMatch(LAUNCH);
    // The code field opens from "Har du en kampanjekode?" and prices from the ordinary price now.
    await page.getByRole('button', { name: 'Har du en kampanjekode?' }).click();
    await page.getByLabel('Kampanjekode').fill('vaar500');
    await page.getByRole('button', { name: 'Bruk' }).click();
    await until(async () => flat(await page.getByTestId('checkout-total').innerText()), '2 497 kr');
    // Struck through now: only the ordinary price the code takes off from (the heading and the programme
    // card show the price to pay, issue 33), never a launch price.
    expect((await page.locator('s').allInnerTexts()).map(flat)).toEqual(['Før 2 997 kr', 'Før 2 997 kr']);

    await admin.goto('/admin/courses');
    const foundationRow = admin.locator('tbody tr', { hasText: 'Foundation' });
    await foundationRow.waitFor();
    await until(async () => flat(await foundationRow.innerText()).includes('0 (ordinær pris)'), true);
    await ctx.close();
  });
});
