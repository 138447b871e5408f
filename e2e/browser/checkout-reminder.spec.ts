/**
 * Second chances (issue 48; docs/decisions.md "Checkout reminders"), clicked through at a phone's width
 * (where buyers mostly are), each screen also rendered at a computer's width: the buyer ticks
 * «Send meg en påminnelse hvis jeg ikke fullfører», leaves at Stripe's page, gets the reminder an hour
 * later (the plan's time moved back in the database, the server's round every 200 ms), opens its link
 * to the form filled in again (code included) and pays. Then the mentor's overview at 1366 px (and
 * rendered at 390): the recovered purchase in the reminder figures, the VIP figures each a link.
 * On the production build: `npm run build` first, then
 * `npx jest --config e2e/jest.browser.config.js e2e/browser/checkout-reminder.spec.ts`.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { listRows, signInToAdmin } from './support/admin';
import { openBuyer } from './support/buyers';
import { ADMIN, atWidth, COMPUTER, PHONE, useBrowserJourney } from './support/journey';
import { postJson, uniqueEmail } from './support/site';

const SHOTS = '/tmp/shots-reminders';
const flat = (s: string) => s.replace(/[\s\u00a0]+/g, ' ').trim();

describe('a checkout reminder brings the buyer back', () => {
  const journey = useBrowserJourney({
    mail: true,
    db: true,
    fakes: { stripe: true },
    env: { MARKETING_POLL_INTERVAL_MS: '200' },
  });
  const code = 'HUSKMEG';
  const email = uniqueEmail('husk');

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const admin = await postJson(journey.server.url, '/api/auth/login', ADMIN);
    expect(admin.status).toBe(200);
    const made = await postJson(
      journey.server.url,
      '/api/admin/campaign-codes',
      { code, courseIds: ['foundation'], amountOffOre: 30000 },
      admin.cookie!,
    );
    expect(made.status).toBe(201);
  });

  /** The settled screen at its own width and at the other one (axe, nothing past the edge), with screenshots of both. */
  async function screen(page: Page, name: string, problems: string[]): Promise<void> {
    const own = page.viewportSize()!.width;
    const other = own === PHONE ? COMPUTER : PHONE;
    await journey.checkScreen(page, `${name} (${own} px)`, problems);
    await page.screenshot({ path: `${SHOTS}/${name}-${own}.png`, fullPage: true });
    await atWidth(page, other, async () => {
      await journey.checkScreen(page, `${name} (${other} px)`, problems);
      await page.screenshot({ path: `${SHOTS}/${name}-${other}.png`, fullPage: true });
    });
  }

  it('ticks the box, leaves, gets one reminder and completes from its link', async () => {
    const b = await openBuyer(journey, PHONE);
    const { page } = b;
    await page.goto(`/bestill?course=foundation&kode=${code}`);
    await page.getByTestId('campaign-code-applied').waitFor();
    await page.getByLabel('E-post', { exact: true }).fill(email);
    await page.getByLabel('Fornavn').fill('Kari');
    await page.getByLabel('Etternavn').fill('Nordmann');
    await page.locator('input[name="acceptTerms"]').check();
    await page.locator('input[name="acceptRisk"]').check();
    const remind = page.getByRole('checkbox', { name: 'Send meg en påminnelse hvis jeg ikke fullfører' });
    expect(await remind.isChecked()).toBe(false);
    await remind.check();
    await screen(page, 'bestilling-med-paminnelse', b.problems);
    await page.getByTestId('checkout-submit').click();
    await page.waitForURL('https://checkout.stripe.test/**');

    // An hour passes: the plan's last checkout is moved back, and the server's round sends reminder 1.
    await journey.db.query(
      `UPDATE checkout_reminder_plans SET lastCheckoutAt = datetime(lastCheckoutAt, '-61 minutes') WHERE email = ?`,
      [email],
    );
    const mail = await journey.sink.waitFor((m) => m.to.includes(email) && m.subject.includes('venter'), 15_000);
    expect(mail.text).toContain(`kampanjekoden ${code}`);
    expect(mail.text).toContain('Meld deg av');
    const link = new URL(/https?:\/\/\S+\/bestill\?\S+/.exec(mail.text)![0]);

    await page.goto(`${link.pathname}${link.search}`);
    await page.getByTestId('campaign-code-applied').waitFor();
    expect(await page.getByLabel('E-post', { exact: true }).inputValue()).toBe(email);
    expect(await page.getByLabel('Fornavn').inputValue()).toBe('Kari');
    expect(await page.getByLabel('Etternavn').inputValue()).toBe('Nordmann');
    expect(flat(await page.getByTestId('checkout-total').innerText())).toBe('1 697 kr');
    expect(new URL(page.url()).searchParams.has('paminnelse')).toBe(false);
    await screen(page, 'bestilling-fra-paminnelse', b.problems);
    await page.locator('input[name="acceptTerms"]').check();
    await page.locator('input[name="acceptRisk"]').check();
    await page.getByTestId('checkout-submit').click();
    await page.waitForURL('https://checkout.stripe.test/**');
    const session = journey.stripe.lastSession();
    journey.stripe.pay(session.id);
    await page.goto(`/betaling/fullfort?session_id=${session.id}`);
    await page.getByRole('heading', { name: 'Takk for kjøpet!' }).waitFor({ timeout: 15_000 });
    await screen(page, 'kvittering-etter-paminnelse', b.problems);
    expect(b.problems).toEqual([]);
    await b.ctx.close();
  });

  it('the overview shows the recovered purchase and the VIP figures, each a link to its orders', async () => {
    const { ctx, page, problems } = await journey.newPage(COMPUTER);
    await signInToAdmin(page, ADMIN.email, ADMIN.password);
    await page.getByRole('heading', { name: 'Påminnelser om bestilling' }).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('reminders-started').innerText()).toBe('1');
    expect(await page.getByTestId('reminders-recovered').innerText()).toBe('1');
    expect(flat(await page.getByTestId('reminders-revenue').innerText())).toContain('1 697');
    await page.getByRole('heading', { name: 'VIP-tall nå' }).waitFor();
    const renewing = page.getByTestId('vip-renewing-vipps');
    expect(await renewing.innerText()).toBe('0');
    expect(decodeURIComponent((await renewing.getAttribute('href'))!)).toBe(
      '/admin/orders?filter={"vip":"renewing","vipMethod":"vipps"}',
    );
    await screen(page, 'oversikt-paminnelser-og-vip', problems);
    await page.getByTestId('reminders-recovered').click();
    await page.waitForURL(/\/admin\/orders/);
    // The list behind «Fullført etter påminnelse»: the recovered order, and only it.
    await listRows(page, false).first().waitFor({ timeout: 15_000 });
    expect(await listRows(page, false).count()).toBe(1);
    expect(problems).toEqual([]);
    await ctx.close();
  });
});
