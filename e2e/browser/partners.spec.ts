/**
 * Partners (issue 48): the mentor adds a partner in «Partnere» and pays out in «Utbetalinger» (clicked
 * at 1366 px, each screen also at 390 px); a buyer comes through the partner's link and sees the
 * partner's code at checkout (clicked at 390 px, also at 1366); the partner signs in by the mailed link
 * and reads their page, which names no buyer. Axe and no sideways scrolling on every screen.
 * Run `npm run build` first, then `npx jest --config e2e/jest.browser.config.js e2e/browser/partners.spec.ts`.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { linkIn } from '../api/support/smtp-sink';
import { signInToAdmin } from './support/admin';
import { ADMIN, atOtherWidth, COMPUTER, PHONE, useBrowserJourney } from './support/journey';
import { uniqueEmail, until } from './support/site';

const SHOTS = '/tmp/shots-partners';
const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('partners: the mentor, a buyer through a partner link, the partner', () => {
  const journey = useBrowserJourney({ mail: true, db: true });
  const problems: string[] = [];
  const code = `PER${Date.now().toString(36).toUpperCase()}`;
  const partnerEmail = uniqueEmail('partner');
  const buyerEmail = uniqueEmail('kjoper');
  let admin: Page;

  const shot = async (page: Page, name: string) => {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
  };
  const screen = async (page: Page, name: string) => {
    await journey.checkScreen(page, name, problems);
    await shot(page, name);
    await atOtherWidth(page, name, problems);
    const other = page.viewportSize()!.width === COMPUTER ? PHONE : COMPUTER;
    await page.setViewportSize({ width: other, height: 900 });
    await shot(page, name);
    await page.setViewportSize({ width: other === PHONE ? COMPUTER : PHONE, height: 900 });
  };

  beforeAll(async () => {
    ({ page: admin } = await journey.newPage(COMPUTER, { consent: false, problems }));
  });

  it('the mentor adds a partner with a campaign code', async () => {
    await signInToAdmin(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL(/\/admin\/?$/);
    const made = await admin.request.post('/api/admin/campaign-codes', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { code, courseIds: ['foundation'], percentOff: 10 },
    });
    expect(made.status()).toBe(201);

    await admin.getByRole('menuitem', { name: 'Partnere' }).click();
    await admin.waitForURL(/\/admin\/partners$/);
    await admin.getByLabel('Navn').fill('Per Partner');
    await admin.getByLabel('E-post').fill(partnerEmail);
    await admin.getByLabel('Prosent').fill('12,5');
    await admin.getByLabel('Kampanjekoder').fill(code.toLowerCase());
    await admin.getByRole('button', { name: 'Legg til partner' }).click();
    const row = admin.getByTestId('partner-row').filter({ hasText: 'Per Partner' });
    await row.waitFor();
    expect(flat(await row.innerText())).toContain(code);
    expect(flat(await row.innerText())).toContain('12,5 %');
    await screen(admin, 'partnere');
    expect(problems).toEqual([]);
  });

  it('a buyer comes through the partner link and sees the partner’s code at checkout', async () => {
    const { page, ctx } = await journey.newPage(PHONE, { problems });
    await page.goto(`/p/${code.toLowerCase()}`);
    await page.waitForURL(/\/\?partner=/);
    // On through the site: the sales page's order button leads to the checkout with the code applied.
    await page.goto(`/kurs/foundation?partner=${code}`);
    await page.locator('a[href^="/bestill"]:visible').first().click();
    await page.waitForURL(/\/bestill/);
    const applied = page.getByTestId('campaign-code-applied');
    await applied.waitFor();
    expect(flat(await applied.innerText())).toContain(`Rabattkode ${code} fra Per Partner`);
    await screen(page, 'kasse-partnerkode');

    await page.getByLabel('E-post').fill(buyerEmail);
    await page.getByLabel('Fornavn').fill('Kari');
    await page.getByLabel('Etternavn').fill('Kjøper');
    await page.locator('input[name=acceptTerms]').check();
    await page.locator('input[name=acceptRisk]').check();
    await page.getByTestId('checkout-submit').click();
    await page.waitForURL(/\/betaling\/fullfort/, { timeout: 15_000 });
    await ctx.close();
    expect(problems).toEqual([]);
  });

  it('after the guarantee the mentor marks the commission paid', async () => {
    // The 30 days of the guarantee have gone by (the server's clock is the real one).
    await journey.db.query(`UPDATE "partner_commissions" SET "approvesAt" = '2020-01-01 00:00:00.000'`);
    await admin.getByRole('menuitem', { name: 'Utbetalinger' }).click();
    await admin.waitForURL(/\/admin\/partner-payouts$/);
    const due = admin.getByTestId('payout-due').filter({ hasText: 'Per Partner' });
    await due.waitFor();
    await admin.getByRole('link', { name: 'Last ned CSV for banken' }).waitFor();
    await screen(admin, 'utbetalinger');
    await due.getByLabel('Referanse').fill('BANK-2026-11');
    await due.getByRole('button', { name: 'Marker som utbetalt' }).click();
    await due.waitFor({ state: 'detached' });
    await admin.getByText('Ingen godkjent provisjon å utbetale nå.').waitFor();
    expect(problems).toEqual([]);
  });

  it('the partner signs in by the mailed link and reads their page, without the buyer', async () => {
    const mail = await journey.sink.waitFor((m) => m.to.includes(partnerEmail) && m.subject.startsWith('Du er partner'), 15_000);
    const { page, ctx } = await journey.newPage(PHONE, { problems });
    await page.goto(linkIn(mail.text, `${journey.server.url}/auto-login`));
    await page.waitForURL(/\/partner$/, { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Partnersiden til Per Partner' }).waitFor();
    const orders = page.getByTestId('partner-orders');
    await orders.waitFor();
    await until(async () => flat(await orders.innerText()).includes('Utbetalt'), true);
    await page.getByText('BANK-2026-11').waitFor();
    const text = await page.locator('main').innerText();
    expect(text).not.toContain(buyerEmail);
    expect(text).not.toContain('Kjøper');
    await screen(page, 'partnerside');
    await ctx.close();
    expect(problems).toEqual([]);
  });
});
