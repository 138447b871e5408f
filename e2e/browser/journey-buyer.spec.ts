/**
 * A buyer's first purchase (issue 22), at a desktop and a phone width, each on a fresh database: from the
 * sales page through the order form to Stripe (the fake Stripe server) with card, with Klarna and with a
 * campaign code, to Vipps (the fake Vipps ePayment server and its page standing in for the app), back on the confirmation page with
 * the course link and the receipt; and a demo-mode purchase (no Stripe key) on the same page.
 * On the production build: `npm run build` first, then
 * `npx jest --config e2e/jest.browser.config.js e2e/browser/journey-buyer.spec.ts`.
 */
import type { Page } from 'playwright-core';
import { at, postJson, uniqueEmail } from './support/site';
import { ADMIN, useBrowserJourney } from './support/journey';
import { openBuyer } from './support/buyers';

const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

/** From the Foundation sales page to the order form, filled in; `kode` arrives by a campaign link instead. */
async function orderForm(page: Page, email: string, opts: { kode?: string; method?: 'Vipps' | 'Klarna' } = {}): Promise<void> {
  if (opts.kode) {
    await page.goto(`/bestill?course=foundation&kode=${opts.kode}`);
  } else {
    await page.goto('/kurs/foundation');
    await page.locator('main a[href^="/bestill"]').first().click();
    await at(page, '/bestill');
  }
  await page.getByTestId('checkout-submit').waitFor();
  await page.getByLabel('E-post', { exact: true }).fill(email);
  await page.getByLabel('Fornavn').fill('Kari');
  await page.getByLabel('Etternavn').fill('Nordmann');
  if (opts.method) await page.getByRole('radio', { name: new RegExp(opts.method) }).check();
  await page.locator('input[name="acceptTerms"]').check();
  await page.locator('input[name="acceptRisk"]').check();
}

/** The confirmation page of a paid order: thanks, the course link, the receipt, and the way to a password. `kr`: '1 997'. */
async function expectConfirmation(page: Page, email: string, kr: string): Promise<void> {
  await page.getByRole('heading', { name: 'Takk for kjøpet!' }).waitFor({ timeout: 15_000 });
  const receipt = flat(await page.getByTestId('receipt').innerText());
  expect(receipt).toContain('Foundation');
  expect(receipt).toContain(`${kr} kr`);
  expect(receipt).toContain(email);
  expect(await page.getByRole('link', { name: 'Start kurset' }).getAttribute('href')).toBe('/course/foundation');
  // A new buyer proves the address with the receipt mail's link before choosing a password.
  await page.getByText('har en lenke som bekrefter e-postadressen').waitFor();
  const receiptLink = page.getByRole('link', { name: 'Se og skriv ut kvitteringen' });
  expect(await receiptLink.getAttribute('href')).toMatch(/^\/kvittering\/\d+$/);
  // The receipt itself, one click away.
  await receiptLink.click();
  await page.getByTestId('document-number').waitFor({ timeout: 10_000 });
  expect(flat(await page.getByTestId('receipt').innerText())).toContain(`${kr},00 kr`);
  await page.goBack();
  await page.getByRole('heading', { name: 'Takk for kjøpet!' }).waitFor();
  await page.getByRole('link', { name: 'Start kurset' }).click();
  await at(page, '/course/foundation');
  await page.getByRole('button', { name: 'Marker som fullført' }).waitFor();
}

describe.each([1366, 390])('the buyer, at %i px', (width) => {
  describe('with Stripe (the fake Stripe server)', () => {
    const journey = useBrowserJourney({ mail: true, fakes: { stripe: true, vipps: true } });

    /** Submits the order form, pays at the fake Stripe and comes back the way Stripe sends the buyer. */
    async function payAtStripe(page: Page, method: 'card' | 'klarna', amountOre: number): Promise<void> {
      await page.getByTestId('checkout-submit').click();
      await page.waitForURL('https://checkout.stripe.test/**');
      const session = journey.stripe.lastSession();
      expect(session).toMatchObject({ amount_total: amountOre, allowed_payment_method_types: [method] });
      journey.stripe.pay(session.id);
      await page.goto(`/betaling/fullfort?session_id=${session.id}`);
    }

    it('pays by card: the confirmation page with the course link and the receipt', async () => {
      const b = await openBuyer(journey, width);
      const email = uniqueEmail('kort');
      await orderForm(b.page, email);
      await payAtStripe(b.page, 'card', 199700);
      await expectConfirmation(b.page, email, '1 997');
      expect(b.problems).toEqual([]);
      await b.ctx.close();
    });

    it('pays with Vipps: to Vipps (the fake’s page for the app), approved, back to the same confirmation page', async () => {
      const b = await openBuyer(journey, width);
      const email = uniqueEmail('vipps');
      await orderForm(b.page, email, { method: 'Vipps' });
      expect(flat(await b.page.locator('.checkout-form__reassure').innerText())).toContain('Du sendes til Vipps');
      await b.page.getByTestId('checkout-submit').click();
      await b.page.waitForURL(`${journey.vipps.url}/landing/**`);
      const payment = journey.vipps.lastPayment();
      expect(payment.request.amount).toEqual({ currency: 'NOK', value: 199700 });
      await b.page.screenshot({ path: `/tmp/vipps-landing-${width}.png` });
      // Approved in the app: Vipps sends the buyer back to the payment page, which sees AUTHORIZED.
      await b.page.getByRole('button', { name: 'Godkjenn' }).click();
      await at(b.page, '/betaling/fullfort');
      await expectConfirmation(b.page, email, '1 997');
      expect(payment.captures).toEqual([{ modificationAmount: { currency: 'NOK', value: 199700 } }]);
      expect(b.problems).toEqual([]);
      await b.ctx.close();
    });

    it('pays with Klarna: how it works and Klarna’s terms on the order form, then the same confirmation page', async () => {
      const b = await openBuyer(journey, width);
      const email = uniqueEmail('klarna');
      await orderForm(b.page, email, { method: 'Klarna' });
      const info = b.page.getByTestId('klarna-info');
      expect(flat(await info.innerText())).toContain('betale nå, betale senere eller dele opp betalingen');
      expect(await info.getByRole('link', { name: 'Klarnas vilkår' }).getAttribute('href')).toMatch(
        /^https:\/\/cdn\.klarna\.com\//,
      );
      await b.page.screenshot({ path: `/tmp/klarna-checkout-${width}.png`, fullPage: true });
      await payAtStripe(b.page, 'klarna', 199700);
      await expectConfirmation(b.page, email, '1 997');
      expect(b.problems).toEqual([]);
      await b.ctx.close();
    });

    it('pays with a campaign code from a campaign link: the lower price everywhere, to the receipt', async () => {
      const signedIn = await postJson(journey.server.url, '/api/auth/login', ADMIN);
      expect(signedIn.status).toBe(200);
      const code = `VAAR${width}`;
      const created = await postJson(
        journey.server.url,
        '/api/admin/campaign-codes',
        { code, courseIds: ['foundation'], amountOffOre: 50000 },
        signedIn.cookie!,
      );
      expect(created.status).toBe(201);

      const b = await openBuyer(journey, width);
      const email = uniqueEmail('kode');
      await orderForm(b.page, email, { kode: code.toLowerCase() });
      await b.page.getByTestId('campaign-code-applied').waitFor();
      expect(flat(await b.page.getByTestId('checkout-total').innerText())).toBe('1 497 kr');
      expect(flat(await b.page.getByTestId('checkout-submit').innerText())).toContain('1 497');
      await payAtStripe(b.page, 'card', 149700);
      await expectConfirmation(b.page, email, '1 497');
      expect(b.problems).toEqual([]);
      await b.ctx.close();
    });
  });

  describe('in demo mode (no Stripe key)', () => {
    const journey = useBrowserJourney({ mail: true });

    it('a demo purchase lands on the same confirmation page, which says it was a demo', async () => {
      const b = await openBuyer(journey, width);
      const email = uniqueEmail('demo');
      await orderForm(b.page, email);
      await b.page.getByTestId('checkout-submit').click();
      await at(b.page, '/betaling/fullfort', { timeout: 15_000 });
      await b.page.getByRole('heading', { name: 'Takk for kjøpet!' }).waitFor();
      expect(await b.page.getByTestId('demo-notice').innerText()).toContain('ingen betaling er trukket');
      await expectConfirmation(b.page, email, '1 997');
      // The receipt mail went out as for a paid order.
      await journey.sink.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Kvittering'), 15_000);
      expect(b.problems).toEqual([]);
      await b.ctx.close();
    });
  });
});
