/**
 * Issue 33, "The buyer", as people found it on a fresh instance at 390 and 1366 px: a signed-in header
 * on the public (server-rendered) pages, no dead ends on course addresses, the "Testmiljø" banner
 * instead of a placeholder seller, the student count only from the mentor's threshold, Kryptovaluta in
 * the mobile menu, no 401 in the console of an anonymous page, and a first password that no longer
 * says the account has none. Every screen is checked with axe and for sideways scrolling.
 * Run `npm run build` first, then `npx jest --config e2e/jest.browser.config.js e2e/browser/second-contact.spec.ts`.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { signInToAdmin } from './support/admin';
import { tokenOf, welcomeLink } from './support/mail';
import { buyDemo } from './support/site';
import { at, login, setPasswordByLink, signUpFree, uniqueEmail } from './support/site';
import { ADMIN, useBrowserJourney } from './support/journey';

const WIDTHS = [390, 1366] as const;
const PLACEHOLDERS = ['SELLER_NAME ikke satt', '000 000 000', 'Adresse ikke satt', 'kontakt@example.com'];

// No SELLER_* and no CONTACT_EMAIL: a test environment, as a fresh instance starts.
const journey = useBrowserJourney({ mail: true });

interface Opened {
  ctx: BrowserContext;
  page: Page;
  /** Console errors and page errors (a 401 for /api/auth/me was one on every anonymous page). */
  problems: string[];
}

async function open(width: number): Promise<Opened> {
  const ctx = await journey.newContext(width, { height: width < 600 ? 844 : 900 });
  const page = await ctx.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  return { ctx, page, problems };
}

/** A student with a password, signed in through /login in this context. */
async function signedInStudent(o: Opened): Promise<string> {
  const email = uniqueEmail('header');
  expect((await signUpFree(journey.server.url, email)).status).toBe(200);
  await setPasswordByLink(journey.server.url, tokenOf(await welcomeLink(journey.sink, journey.server.url, email)), 'hemmelig123');
  await o.page.goto('/login');
  await login(o.page, email, 'hemmelig123');
  await at(o.page, '/dashboard');
  return email;
}

/** The header's menu links: at 390 px the menu is opened first. */
async function menu(page: Page, width: number) {
  if (width < 880) await page.getByRole('button', { name: 'Åpne meny' }).click();
  return page.getByRole('navigation', { name: 'Hovedmeny' });
}

/** Waits until the page has hydrated (the browser took over the server's HTML). */
const hydrated = (page: Page) => page.waitForSelector('html[data-hydrated="true"]');

describe.each(WIDTHS)('at %i px', (width) => {
  it('an anonymous visitor: «Logg inn / Kom i gang», Kryptovaluta in the menu, the Testmiljø banner, no 401 in the console', async () => {
    const o = await open(width);
    const { page } = o;
    await page.goto('/');
    await hydrated(page);
    // Who is signed in was asked, and answered 200 with no user: nothing in the console.
    const me = await page.evaluate(() => fetch('/api/auth/me').then(async (r) => [r.status, await r.json()]));
    expect(me).toEqual([200, null]);

    const nav = await menu(page, width);
    await nav.getByRole('link', { name: 'Logg inn' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Kryptovaluta' }).getAttribute('href')).toBe('/kryptovaluta-trading-kurs');
    expect(await page.getByRole('link', { name: 'Mine kurs' }).count()).toBe(0);
    await journey.checkScreen(page, `home, menu open (${width})`, o.problems);

    // A test environment says so on every page, and shows no placeholder as if it were the seller.
    for (const path of ['/', '/vilkar', '/personvern', '/kurs/foundation', '/bestill?course=foundation', '/login']) {
      await page.goto(path);
      await hydrated(page);
      const banner = page.getByTestId('test-environment');
      expect(await banner.isVisible()).toBe(true);
      expect(await banner.innerText()).toContain('Testmiljø');
      const text = await page.locator('body').innerText();
      for (const p of PLACEHOLDERS) expect(`${path}: ${text.includes(p) ? p : ''}`).toBe(`${path}: `);
      // The banner covers nothing: the first thing under it starts below it.
      const box = await banner.boundingBox();
      // (The checkout and sign-in pages load their code after hydration: wait for their header.)
      const visibleHeader = page.locator('header:visible').first();
      await visibleHeader.waitFor();
      const header = await visibleHeader.boundingBox();
      expect(header!.y).toBeGreaterThanOrEqual(box!.y + box!.height - 1);
    }
    // The seller is named as not set up, in the footer and the terms.
    await page.goto('/vilkar');
    expect(await page.locator('footer').getByTestId('seller').innerText()).toBe('Testmiljø: selgeren er ikke satt opp');
    await journey.checkScreen(page, `terms with the banner (${width})`, o.problems);
    expect(o.problems).toEqual([]);
    await o.ctx.close();
  });

  it('signed in, the public pages (rendered on the server) show «Mine kurs» instead of «Logg inn / Kom i gang»', async () => {
    const o = await open(width);
    const { page } = o;
    await signedInStudent(o);
    for (const path of ['/', '/kurs/foundation', '/kryptovaluta-trading-kurs']) {
      await page.goto(path);
      await hydrated(page);
      if (width >= 480) {
        const cta = page.getByTestId('nav-my-courses');
        await cta.waitFor();
        expect(await cta.innerText()).toBe('Mine kurs');
        expect(await cta.getAttribute('href')).toBe('/dashboard');
      }
      const nav = await menu(page, width);
      if (width < 480) await nav.getByRole('link', { name: 'Mine kurs' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Logg inn' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Kom i gang' }).count()).toBe(0);
      expect(await page.locator('footer').getByRole('link', { name: 'Mine kurs' }).getAttribute('href')).toBe('/dashboard');
      if (path === '/') await journey.checkScreen(page, `home signed in (${width})`, o.problems);
      if (width < 880) await page.getByRole('button', { name: 'Lukk meny' }).click();
    }
    if (width >= 480) await page.getByTestId('nav-my-courses').click();
    else await (await menu(page, width)).getByRole('link', { name: 'Mine kurs' }).click();
    await at(page, '/dashboard');
    expect(o.problems).toEqual([]);
    await o.ctx.close();
  });

  it('course addresses never end silently on the dashboard: no access says how to buy, an unknown course is not found', async () => {
    const o = await open(width);
    const { page } = o;
    await buyDemo(o.ctx.request, 'foundation', uniqueEmail('blindvei'));

    await page.goto('/course/accelerator');
    await page.getByRole('heading', { name: 'Du har ikke tilgang til Accelerator' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/course/accelerator');
    // A Foundation owner is quoted the upgrade (4 997 kr less the 1 997 kr paid), what the checkout asks.
    const buy = page.getByRole('link', { name: /^Kjøp Accelerator – 3\s000 kr$/ });
    expect(await buy.getAttribute('href')).toBe('/bestill?course=accelerator');
    expect(await page.getByRole('link', { name: 'Les mer om Accelerator' }).getAttribute('href')).toBe('/kurs/accelerator');
    await journey.checkScreen(page, `no access (${width})`, o.problems);

    // Kryptovaluta is not sold on its own: VIP includes it.
    await page.goto('/course/kryptovaluta');
    await page.getByRole('heading', { name: 'Du har ikke tilgang til Kryptovaluta' }).waitFor();
    expect(await page.getByRole('link', { name: /^Få det med VIP – 5\s000 kr$/ }).getAttribute('href')).toBe(
      '/bestill?course=vip',
    );

    await page.goto('/course/finnes-ikke');
    await page.getByRole('heading', { name: 'Fant ikke kurset' }).waitFor();
    await journey.checkScreen(page, `not found (${width})`, o.problems);
    await page.getByRole('link', { name: 'Til Mine kurs' }).click();
    await at(page, '/dashboard');

    // The course the buyer has still opens.
    await page.goto('/course/foundation');
    await page.getByTestId('progress-percent').waitFor();
    expect(o.problems).toEqual([]);
    await o.ctx.close();
  });

  it('VIP: «Start kurset» (/course/vip) lists the courses it includes; no «Åpne VIP-fellesskapet» without an invitation', async () => {
    const o = await open(width);
    const { page } = o;
    await buyDemo(o.ctx.request, 'vip', uniqueEmail('vip'));
    await page.goto('/course/vip');
    await page.getByRole('heading', { name: 'Kursene i VIP' }).waitFor();
    for (const course of ['Kryptovaluta', 'Microkurs', 'Temakurs'])
      await page.getByRole('link', { name: `Start ${course}` }).waitFor();
    await journey.checkScreen(page, `VIP courses (${width})`, o.problems);
    await page.getByRole('link', { name: 'Start Kryptovaluta' }).click();
    await at(page, '/course/kryptovaluta');
    await page.getByTestId('progress-percent').waitFor();

    // No VIP_COMMUNITY_URL, no Discord and COMMUNITY_URL at its default (discord.com's front page): no button.
    await page.goto('/dashboard');
    await page.getByTestId('membership-vip').waitFor();
    expect(
      await page
        .getByTestId('membership-vip')
        .getByRole('link', { name: /fellesskapet/ })
        .count(),
    ).toBe(0);
    // Nor a community link in the footer or account settings that would open discord.com's front page.
    await page.goto('/account/settings');
    await page.getByRole('heading', { name: 'Kontoinnstillinger' }).waitFor();
    expect(await page.locator('a[href^="https://discord.com"]').count()).toBe(0);
    await page.goto('/');
    await page.getByRole('contentinfo').waitFor();
    expect(await page.getByRole('link', { name: /Bli med i fellesskapet/ }).count()).toBe(0);
    expect(o.problems).toEqual([]);
    await o.ctx.close();
  });

  it('a first password: the page stops saying the account has none once it is set', async () => {
    const o = await open(width);
    const { page } = o;
    const email = uniqueEmail('forste');
    expect((await signUpFree(journey.server.url, email)).status).toBe(200);
    await page.goto(await welcomeLink(journey.sink, journey.server.url, email));
    await page.waitForURL((u) => u.pathname !== '/auto-login');
    await page.goto('/account/settings');
    const lead = page.getByTestId('set-password-lead');
    expect(await lead.innerText()).toContain('har ikke passord ennå');
    await page.getByLabel('Nytt passord', { exact: true }).fill('et-nytt-passord-9');
    await page.getByLabel('Bekreft passord', { exact: true }).fill('et-nytt-passord-9');
    await page.getByRole('button', { name: 'Sett passord' }).click();
    await page.getByText('Passord satt!', { exact: false }).waitFor();
    expect(await lead.innerText()).not.toContain('har ikke passord ennå');
    expect(await lead.innerText()).toContain('har nå passord');
    await at(page, '/dashboard');
    expect(o.problems).toEqual([]);
    await o.ctx.close();
  });
});

describe('the student count', () => {
  /** The badge in the free course page's hero (rendered on the server, then hydrated). */
  async function badgeText(page: Page): Promise<string> {
    await page.goto('/gratis-trading-kurs');
    await hydrated(page);
    return page.locator('main').innerText();
  }

  it("says nothing below the mentor's threshold (default 20), and shows the number once the mentor lowers it in Innstillinger", async () => {
    // At least one paying student (the journeys above made some).
    const buyer = await open(1366);
    await buyDemo(buyer.ctx.request, 'foundation', uniqueEmail('teller'));
    const count = ((await (await buyer.ctx.request.get('/api/catalog')).json()) as { studentCount: number }).studentCount;
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(20);
    for (const width of WIDTHS) {
      const o = await open(width);
      const text = await badgeText(o.page);
      expect(text).not.toMatch(/elev(er)?\s+har allerede startet/);
      expect(text).not.toMatch(/elev(er)?\s+er allerede med/);
      await journey.checkScreen(o.page, `free page below the threshold (${width})`, o.problems);
      expect(o.problems).toEqual([]);
      await o.ctx.close();
    }

    // The mentor sets the threshold in the panel's settings.
    const admin = await open(1366);
    await signInToAdmin(admin.page, ADMIN.email, ADMIN.password);
    await admin.page.waitForURL((u) => !u.pathname.endsWith('/login'));
    await admin.page.goto('/admin/settings');
    const field = admin.page.getByLabel('Vis antall elever fra');
    await field.waitFor();
    expect(await field.inputValue()).toBe('20');
    await field.fill(String(count));
    await admin.page.getByRole('button', { name: 'Lagre' }).click();
    await admin.page.getByText('Lagret', { exact: true }).waitFor();
    await admin.ctx.close();

    const shown = new RegExp(`${count}\\s+elev(er)?\\s+har allerede startet`);
    for (const width of WIDTHS) {
      const o = await open(width);
      // The server-rendered pages are rendered again after the catalogue changed (in the background).
      const deadline = Date.now() + 15_000;
      let text = await badgeText(o.page);
      while (!shown.test(text) && Date.now() < deadline) {
        await o.page.waitForTimeout(500);
        text = await badgeText(o.page);
      }
      expect(text).toMatch(shown);
      await journey.checkScreen(o.page, `free page at the threshold (${width})`, o.problems);
      expect(o.problems).toEqual([]);
      await o.ctx.close();
    }
    await buyer.ctx.close();
  });
});
