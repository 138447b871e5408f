/**
 * Accessibility (issue 22): every public and member page passes axe with the WCAG 2.1 A and AA rules,
 * at a desktop and a phone width, on the production build. `npm run build` first, then
 * `npx jest --config e2e/jest.browser.config.js e2e/browser/a11y-public.spec.ts`.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { linkIn } from '../api/support/smtp-sink';
import { at, login, storeConsent, uniqueEmail } from './support/site';
import { useBrowserJourney } from './support/journey';
import { axeViolations, WCAG_TAGS } from './support/axe';
import { seedStudent } from './support/buyers';

const WIDTHS = [1366, 390] as const;

const journey = useBrowserJourney({ mail: true, db: true });

/** The WCAG 2.1 A/AA violations axe finds on the page as it is now: `rule: selector, selector`. */
async function violations(page: Page): Promise<string[]> {
  return (await axeViolations(page, { tags: WCAG_TAGS })).map(
    (v) => `${v.id} (${v.nodes.length}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** Opens a page and waits until it has rendered its heading (lazy pages and the data they ask for). */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.locator('h1').first().waitFor({ timeout: 10_000 });
}

async function context(width: number, consent = true): Promise<BrowserContext> {
  const ctx = await journey.newContext(width, { consent: false });
  if (consent) await storeConsent(ctx);
  // YouTube stays off the network (thumbnails of the players).
  await ctx.route(/^https:\/\/(i\.ytimg\.com|www\.youtube-nocookie\.com)\//, (r) => r.fulfill({ status: 204, body: '' }));
  return ctx;
}

const PUBLIC_PAGES = [
  '/',
  '/gratis-trading-kurs',
  '/a',
  '/profesjonell-trading-utdanning',
  '/b',
  '/mentor-trading-mentor',
  '/c',
  '/kryptovaluta-trading-kurs',
  '/d',
  '/kurs/foundation',
  '/kurs/accelerator',
  '/bestill',
  '/bestill?course=accelerator',
  '/signup',
  '/login',
  '/glemt-passord',
  '/tilbakestill-passord',
  '/auto-login',
  '/vilkar',
  '/personvern',
  '/cookies',
  '/course/starter',
  '/sertifikat/AAAA-BBBB-CCCC-DDDD',
  '/betaling/fullfort',
  '/finnes-ikke',
  '/api/unsubscribe?u=1&sig=feil',
  '/api/marketing/confirm?email=a%40example.no&t=1&sig=feil',
];

describe.each(WIDTHS)('WCAG 2.1 AA at %i px', (width) => {
  it('public pages: no violations', async () => {
    const ctx = await context(width);
    const page = await ctx.newPage();
    const found: Record<string, string[]> = {};
    for (const path of PUBLIC_PAGES) {
      await visit(page, path);
      found[path] = await violations(page);
    }
    await ctx.close();
    const bad = Object.fromEntries(Object.entries(found).filter(([, v]) => v.length > 0));
    expect(bad).toEqual({});
    // 29 pages, each until the network is idle (the header also asks who is signed in): about a minute on a busy machine.
  }, 180_000);

  it('the cookie banner and its settings dialog: no violations', async () => {
    const ctx = await context(width, false);
    const page = await ctx.newPage();
    await visit(page, '/');
    const banner = page.getByRole('region', { name: /informasjonskapsler/i });
    await page.getByRole('button', { name: 'Tilpass' }).waitFor();
    const found: Record<string, string[]> = { banner: await violations(page) };
    await page.getByRole('button', { name: 'Tilpass' }).click();
    await page.getByRole('dialog').waitFor();
    found.dialog = await violations(page);
    await ctx.close();
    void banner;
    const bad = Object.fromEntries(Object.entries(found).filter(([, v]) => v.length > 0));
    expect(bad).toEqual({});
  });

  it('the marketing opt-in confirmation page (from the mailed link): no violations', async () => {
    const ctx = await context(width);
    const page = await ctx.newPage();
    const email = uniqueEmail('optin');
    await visit(page, '/gratis-trading-kurs');
    await page.getByLabel('E-post').first().fill(email);
    await page.getByTestId('marketing-consent').first().check();
    await page
      .locator('form')
      .filter({ has: page.getByTestId('marketing-consent') })
      .first()
      .locator('button[type=submit]')
      .click();
    const mail = await journey.sink.waitFor((m) => m.to.includes(email) && /bekreft/i.test(m.subject), 15_000);
    const link = linkIn(mail.text, `${journey.server.url}/api/marketing/confirm`);
    await page.goto(link);
    const found: Record<string, string[]> = { confirm: await violations(page) };
    await page.getByRole('button', { name: 'Bekreft påmeldingen' }).click();
    await page.getByRole('heading', { name: 'Takk, du er påmeldt!' }).waitFor();
    found.thanks = await violations(page);
    await ctx.close();
    const bad = Object.fromEntries(Object.entries(found).filter(([, v]) => v.length > 0));
    expect(bad).toEqual({});
  });

  it('the confirmation and receipt of a demo purchase: no violations', async () => {
    const ctx = await context(width);
    const page = await ctx.newPage();
    const email = uniqueEmail('kvittering');
    await visit(page, '/bestill');
    // The purchase through the API in this browser (its cookies): the buyer is signed in.
    const res = await page.request.post('/api/checkout/sessions', {
      data: {
        courseId: 'foundation',
        email,
        firstName: 'Kari',
        lastName: 'Nordmann',
        paymentMethod: 'card',
        acceptTerms: true,
        acceptRisk: true,
      },
    });
    expect(res.status()).toBe(201);
    const { url } = (await res.json()) as { url: string };
    const found: Record<string, string[]> = {};
    await visit(page, url);
    found[url] = await violations(page);
    const order = await journey.db.getRepository(Order).findOneByOrFail({ email });
    await visit(page, `/kvittering/${order.id}`);
    found.receipt = await violations(page);
    await ctx.close();
    const bad = Object.fromEntries(Object.entries(found).filter(([, v]) => v.length > 0));
    expect(bad).toEqual({});
  });

  it('member pages (dashboard, player, settings, certificates): no violations', async () => {
    const s = await seedStudent(journey, 'a11y', { courses: ['foundation', 'kryptovaluta'] });
    const ctx = await context(width);
    const page = await ctx.newPage();
    await page.goto('/login');
    await login(page, s.email, s.password);
    await at(page, '/dashboard');
    const found: Record<string, string[]> = {};
    // Kryptovaluta has one module: completing it gives a certificate on the dashboard.
    await visit(page, '/course/kryptovaluta');
    await page.getByRole('button', { name: 'Marker som fullført' }).click();
    await page.getByRole('heading', { name: 'Kurs fullført!' }).waitFor();
    found['/course/kryptovaluta (fullført)'] = await violations(page);
    for (const path of ['/dashboard', '/course/foundation', '/course/starter', '/account/settings']) {
      await visit(page, path);
      found[path] = await violations(page);
    }
    await visit(page, '/dashboard');
    const section = page.getByTestId('certificates');
    await section.waitFor();
    found['/dashboard (sertifikat)'] = await violations(page);
    await section.getByRole('link', { name: 'Se bekreftelsessiden' }).click();
    await page.getByRole('heading', { name: 'Sertifikatet er gyldig' }).waitFor();
    found['/sertifikat/:code'] = await violations(page);
    await ctx.close();
    const bad = Object.fromEntries(Object.entries(found).filter(([, v]) => v.length > 0));
    expect(bad).toEqual({});
  });
});
