/**
 * The buyer's ways back (issue 33, "the buyer"), clicked through at a phone's width (where buyers mostly
 * are), each screen checked there also rendered at a computer's width, on one fresh database:
 * a reload of the confirmation page (card, Vipps, demo) shows the confirmation again; a payment
 * rejected or cancelled at Vipps, Stripe's card page or Klarna, with a campaign code applied, brings
 * the buyer back to the whole form (course, code, method, names, e-mail, ticks) saying what happened;
 * every price on the page is the price to pay (a code, an upgrade's credit); Klarna under its minimum
 * stays in sight, unavailable, with the reason; an unknown course says so and offers the courses. (A
 * reload of a demo purchase's confirmation: journey-buyer.spec.ts, on its demo-mode server.)
 * On the production build: `npm run build` first, then
 * `npx jest --config e2e/jest.browser.config.js e2e/browser/journey-buyer-return.spec.ts`.
 */
import type { Page } from 'playwright-core';
import { at, postJson, uniqueEmail, until } from './support/site';
import { ADMIN, atOtherWidth, PHONE, useBrowserJourney } from './support/journey';
import { openBuyer } from './support/buyers';

const flat = (s: string) => s.replace(/[\s\u00a0]+/g, ' ').trim();

const METHOD_LABEL = { card: 'Kort', vipps: 'Vipps', klarna: 'Delbetaling med Klarna' } as const;
type Method = keyof typeof METHOD_LABEL;
const radio = (page: Page, method: Method) => page.getByRole('radio', { name: new RegExp(`^${METHOD_LABEL[method]}`) });

/** The order form of Foundation (with a campaign link's code), filled in. */
async function fillForm(page: Page, email: string, method: Method, kode?: string): Promise<void> {
  await page.goto(`/bestill?course=foundation${kode ? `&kode=${kode}` : ''}`);
  await page.getByTestId('checkout-submit').waitFor();
  if (kode) await page.getByTestId('campaign-code-applied').waitFor();
  await page.getByLabel('E-post', { exact: true }).fill(email);
  await page.getByLabel('Fornavn').fill('Kari');
  await page.getByLabel('Etternavn').fill('Nordmann');
  await radio(page, method).check();
  await page.locator('input[name="acceptTerms"]').check();
  await page.locator('input[name="acceptRisk"]').check();
}

/** The form as it was sent: course, code and its price, method, e-mail, names and both ticks. */
async function expectRestored(page: Page, email: string, method: Method, code: string, kr: string): Promise<void> {
  await page.getByTestId('campaign-code-applied').waitFor();
  expect(flat(await page.getByTestId('campaign-code-applied').innerText())).toContain(code);
  expect(flat(await page.getByTestId('checkout-total').innerText())).toBe(`${kr} kr`);
  expect(flat(await page.getByTestId('checkout-submit').innerText())).toContain(kr);
  expect(flat(await page.locator('h1').innerText())).toBe('Foundation');
  expect(await page.getByRole('radio', { name: /^Foundation/ }).isChecked()).toBe(true);
  expect(await radio(page, method).isChecked()).toBe(true);
  expect(await page.getByLabel('E-post', { exact: true }).inputValue()).toBe(email);
  expect(await page.getByLabel('Fornavn').inputValue()).toBe('Kari');
  expect(await page.getByLabel('Etternavn').inputValue()).toBe('Nordmann');
  expect(await page.locator('input[name="acceptTerms"]').isChecked()).toBe(true);
  expect(await page.locator('input[name="acceptRisk"]').isChecked()).toBe(true);
}

/** What the form says about the way back. */
async function returnedNotice(page: Page): Promise<string> {
  const notice = page.getByTestId('checkout-returned');
  await notice.waitFor({ timeout: 15_000 });
  return flat(await notice.innerText());
}

async function expectPaid(page: Page, email: string, kr: string): Promise<void> {
  await page.getByRole('heading', { name: 'Takk for kjøpet!' }).waitFor({ timeout: 15_000 });
  const receipt = flat(await page.getByTestId('receipt').innerText());
  expect(receipt).toContain('Foundation');
  expect(receipt).toContain(`${kr} kr`);
  expect(receipt).toContain(email);
  expect(await page.getByRole('link', { name: 'Start kurset' }).getAttribute('href')).toBe('/course/foundation');
}

describe('the buyer’s ways back, on a phone', () => {
  const width = PHONE;
  /** 300 kr off Foundation: 1 997 → 1 697 kr. */
  const code = `RETUR${width}`;
  /** 600 kr off Foundation: 1 397 kr, under Klarna's 1 500 kr. */
  const lowCode = `LAV${width}`;

  const journey = useBrowserJourney({ mail: true, fakes: { stripe: true, vipps: true } });

  /** Sends the order form and waits for the provider's page: Stripe's hosted checkout, or Vipps' landing page. */
  async function submitTo(page: Page, provider: 'stripe' | 'vipps'): Promise<void> {
    await page.getByTestId('checkout-submit').click();
    await page.waitForURL(provider === 'stripe' ? 'https://checkout.stripe.test/**' : `${journey.vipps.url}/landing/**`);
  }

  beforeAll(async () => {
    const admin = await postJson(journey.server.url, '/api/auth/login', ADMIN);
    expect(admin.status).toBe(200);
    for (const [c, off] of [
      [code, 30000],
      [lowCode, 60000],
    ] as const) {
      const made = await postJson(
        journey.server.url,
        '/api/admin/campaign-codes',
        { code: c, courseIds: ['foundation'], amountOffOre: off },
        admin.cookie!,
      );
      expect(made.status).toBe(201);
    }
  });

  it('card: a reload of the confirmation page shows the confirmation again', async () => {
    const b = await openBuyer(journey, width);
    const email = uniqueEmail('last-kort');
    await fillForm(b.page, email, 'card');
    await submitTo(b.page, 'stripe');
    const session = journey.stripe.lastSession();
    journey.stripe.pay(session.id);
    await b.page.goto(`/betaling/fullfort?session_id=${session.id}`);
    await expectPaid(b.page, email, '1 997');
    // The reference left the address bar; the page still knows the payment.
    expect(new URL(b.page.url()).search).toBe('');
    await b.page.reload();
    await expectPaid(b.page, email, '1 997');
    expect(await b.page.getByText('Fant ikke betalingen').count()).toBe(0);
    await journey.checkScreen(b.page, 'confirmation after reload (card)', b.problems);
    await atOtherWidth(b.page, 'confirmation after reload (card)', b.problems);
    // A new order afterwards is not the paid form again; the buyer, still signed in, gets the account's
    // own names (as every signed-in member does), not the draft.
    await b.page.goto('/bestill?course=foundation');
    await b.page.getByTestId('checkout-submit').waitFor();
    const me = await b.page.evaluate(() => fetch('/api/auth/me').then((r) => r.json()));
    expect(me.email).toBe(email);
    const firstName = b.page.getByLabel('Fornavn');
    await until(() => firstName.inputValue(), me.firstName ?? '');
    expect(await b.page.getByTestId('checkout-returned').count()).toBe(0);
    expect(b.problems).toEqual([]);
    await b.ctx.close();
  });

  it('Vipps: approved, the confirmation page survives a reload and leaving the tab', async () => {
    const b = await openBuyer(journey, width);
    const email = uniqueEmail('last-vipps');
    await fillForm(b.page, email, 'vipps');
    await submitTo(b.page, 'vipps');
    await b.page.getByRole('button', { name: 'Godkjenn' }).click();
    await at(b.page, '/betaling/fullfort');
    await expectPaid(b.page, email, '1 997');
    await b.page.reload();
    await expectPaid(b.page, email, '1 997');
    // Away to another page and back with the browser's back button.
    await b.page.getByRole('link', { name: 'Start kurset' }).click();
    await at(b.page, '/course/foundation');
    await b.page.goBack();
    await expectPaid(b.page, email, '1 997');
    expect(b.problems).toEqual([]);
    await b.ctx.close();
  });

  it('card, in a browser that refuses storage: a reload of the confirmation page still shows it', async () => {
    const b = await openBuyer(journey, width);
    // As with site data blocked: every use of sessionStorage throws.
    await b.ctx.addInitScript({
      content: `Object.defineProperty(window, 'sessionStorage', { configurable: true, get() { throw new DOMException('blokkert', 'SecurityError'); } });`,
    });
    const email = uniqueEmail('uten-lagring');
    await fillForm(b.page, email, 'card');
    await submitTo(b.page, 'stripe');
    const session = journey.stripe.lastSession();
    journey.stripe.pay(session.id);
    await b.page.goto(`/betaling/fullfort?session_id=${session.id}`);
    await expectPaid(b.page, email, '1 997');
    // Out of the query (server logs, Referer); kept only in the fragment, which no server sees.
    const url = new URL(b.page.url());
    expect(url.search).toBe('');
    await b.page.reload();
    await expectPaid(b.page, email, '1 997');
    expect(b.problems).toEqual([]);
    await b.ctx.close();
  });

  it('paid meanwhile (another tab, the app): coming back to the form’s tab shows the confirmation, not the form', async () => {
    const b = await openBuyer(journey, width);
    const email = uniqueEmail('betalt-imens');
    await fillForm(b.page, email, 'card');
    await submitTo(b.page, 'stripe');
    journey.stripe.pay(journey.stripe.lastSession().id);
    await b.page.goBack();
    await at(b.page, '/betaling/fullfort', { timeout: 15_000 });
    await expectPaid(b.page, email, '1 997');
    await b.page.reload();
    await expectPaid(b.page, email, '1 997');
    expect(b.problems).toEqual([]);
    await b.ctx.close();
  });

  it('Vipps rejected with a code applied: the whole form back, "Du avbrøt betalingen i Vipps"; a reload keeps the form', async () => {
    const b = await openBuyer(journey, width);
    const email = uniqueEmail('avvist-vipps');
    await fillForm(b.page, email, 'vipps', code.toLowerCase());
    expect(flat(await b.page.getByTestId('checkout-total').innerText())).toBe('1 697 kr');
    await submitTo(b.page, 'vipps');
    expect(journey.vipps.lastPayment().request.amount).toEqual({ currency: 'NOK', value: 169700 });
    // Rejected in the app: Vipps sends the buyer back to the confirmation page, which sees ABORTED.
    await b.page.getByRole('button', { name: 'Avbryt' }).click();
    await at(b.page, '/bestill', { timeout: 15_000 });
    const said = await returnedNotice(b.page);
    expect(said).toContain('Du avbrøt betalingen i Vipps');
    expect(said).toContain('Du er ikke belastet');
    expect(said).not.toMatch(/utløpt|i tide/);
    await expectRestored(b.page, email, 'vipps', code, '1 697');
    await b.page.screenshot({ path: `/tmp/return-vipps-${width}.png`, fullPage: true });
    await journey.checkScreen(b.page, 'form after a rejected Vipps payment', b.problems);
    await atOtherWidth(b.page, 'form after a rejected Vipps payment', b.problems);
    // The message is said once; the filled-in form stays on a reload.
    await b.page.reload();
    await b.page.getByTestId('checkout-submit').waitFor();
    await expectRestored(b.page, email, 'vipps', code, '1 697');
    expect(await b.page.getByTestId('checkout-returned').count()).toBe(0);
    expect(b.problems).toEqual([]);
    await b.ctx.close();
  });

  it('Vipps not approved in time: says it timed out, the form back with the code', async () => {
    const b = await openBuyer(journey, width);
    const email = uniqueEmail('utlopt-vipps');
    await fillForm(b.page, email, 'vipps', code);
    await submitTo(b.page, 'vipps');
    const reference = journey.vipps.lastPayment().request.reference;
    journey.vipps.expire(reference);
    await b.page.goto(`/betaling/fullfort?session_id=${reference}`);
    await at(b.page, '/bestill', { timeout: 15_000 });
    expect(await returnedNotice(b.page)).toContain('Betalingen ble ikke godkjent i Vipps i tide');
    await expectRestored(b.page, email, 'vipps', code, '1 697');
    expect(b.problems).toEqual([]);
    await b.ctx.close();
  });

  it.each(['card', 'klarna'] as const)(
    '%s cancelled at Stripe with a code applied: the whole form back, saying it was cancelled',
    async (method) => {
      const b = await openBuyer(journey, width);
      const email = uniqueEmail(`avbrutt-${method}`);
      await fillForm(b.page, email, method, code);
      await submitTo(b.page, 'stripe');
      const session = journey.stripe.lastSession();
      expect(session).toMatchObject({ amount_total: 169700, allowed_payment_method_types: [method] });
      // «Tilbake» on Stripe's page: its cancel link.
      await b.page.goto(session.cancel_url!);
      expect(await returnedNotice(b.page)).toContain(
        method === 'card' ? 'Du avbrøt kortbetalingen' : 'Du avbrøt betalingen i Klarna',
      );
      await expectRestored(b.page, email, method, code, '1 697');
      await journey.checkScreen(b.page, `form after a cancelled ${method} payment`, b.problems);
      await atOtherWidth(b.page, `form after a cancelled ${method} payment`, b.problems);
      // Paying now works from the restored form.
      await submitTo(b.page, 'stripe');
      expect(journey.stripe.lastSession()).toMatchObject({ amount_total: 169700, allowed_payment_method_types: [method] });
      expect(b.problems).toEqual([]);
      await b.ctx.close();
    },
  );

  it('the back button from Stripe’s page: the form as it was, saying the payment was not completed', async () => {
    const b = await openBuyer(journey, width);
    const email = uniqueEmail('tilbake');
    await fillForm(b.page, email, 'klarna', code);
    await submitTo(b.page, 'stripe');
    await b.page.goBack();
    await at(b.page, '/bestill');
    expect(await returnedNotice(b.page)).toContain('Du gikk tilbake fra Klarna');
    await expectRestored(b.page, email, 'klarna', code, '1 697');
    expect(await b.page.getByTestId('checkout-submit').isEnabled()).toBe(true);
    expect(b.problems).toEqual([]);
    await b.ctx.close();
  });

  it('prices: with a code, the heading and the programme card show the price to pay, the before-price struck through', async () => {
    const b = await openBuyer(journey, width);
    await b.page.goto(`/bestill?course=foundation&kode=${code}`);
    await b.page.getByTestId('campaign-code-applied').waitFor();
    const heading = b.page.getByTestId('checkout-heading-price');
    const option = b.page.getByTestId('checkout-option-price-foundation');
    for (const shown of [heading, option]) {
      expect(flat(await shown.locator('strong').innerText())).toBe('1 697 kr');
      // The ordinary price (before the launch price and the code).
      expect(flat(await shown.locator('s').innerText())).toBe('Før 2 997 kr');
    }
    expect(flat(await b.page.getByTestId('checkout-total').innerText())).toBe('1 697 kr');
    // Without the code: the launch price, the ordinary price struck through, as the total.
    await b.page.getByRole('button', { name: 'Fjern' }).click();
    await b.page.getByTestId('campaign-code-applied').waitFor({ state: 'detached' });
    expect(flat(await heading.locator('strong').innerText())).toBe('1 997 kr');
    expect(flat(await option.locator('strong').innerText())).toBe('1 997 kr');
    expect(flat(await b.page.getByTestId('checkout-total').innerText())).toBe('1 997 kr');
    expect(b.problems).toEqual([]);
    await b.ctx.close();
  });

  it('prices: with an upgrade credit, the heading, the card, the total and the button all say 3 000 kr', async () => {
    const b = await openBuyer(journey, width);
    const email = uniqueEmail('oppgradering');
    // Foundation bought and paid in this browser (signed in by the confirmation).
    const bought = await b.page.request.post('/api/checkout/sessions', {
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
    expect(bought.status()).toBe(201);
    const session = journey.stripe.lastSession();
    journey.stripe.pay(session.id);
    expect((await b.page.request.get(`/api/checkout/sessions/${session.id}`)).status()).toBe(200);

    await b.page.goto('/bestill?course=accelerator');
    await b.page.getByTestId('checkout-upgrade-credit').waitFor();
    const heading = b.page.getByTestId('checkout-heading-price');
    const option = b.page.getByTestId('checkout-option-price-accelerator');
    for (const shown of [heading, option]) {
      expect(flat(await shown.locator('strong').innerText())).toBe('3 000 kr');
      expect(flat(await shown.locator('s').innerText())).toBe('Før 7 997 kr');
    }
    expect(flat(await b.page.getByTestId('checkout-total').innerText())).toBe('3 000 kr');
    expect(flat(await b.page.getByTestId('checkout-submit').innerText())).toContain('3 000');
    await journey.checkScreen(b.page, 'upgrade checkout', b.problems);
    await atOtherWidth(b.page, 'upgrade checkout', b.problems);
    expect(b.problems).toEqual([]);
    await b.ctx.close();
  });

  it('Klarna under 1 500 kr: still in sight, unavailable with the reason; the choice moves to card and says so', async () => {
    const b = await openBuyer(journey, width);
    await b.page.goto('/bestill?course=foundation');
    await b.page.getByTestId('checkout-submit').waitFor();
    await radio(b.page, 'klarna').check();
    await b.page.getByRole('button', { name: 'Har du en kampanjekode?' }).click();
    await b.page.getByLabel('Kampanjekode').fill(lowCode);
    await b.page.getByRole('button', { name: 'Bruk' }).click();
    await b.page.getByTestId('campaign-code-applied').waitFor();
    expect(flat(await b.page.getByTestId('checkout-total').innerText())).toBe('1 397 kr');
    const klarna = radio(b.page, 'klarna');
    expect(await klarna.count()).toBe(1);
    expect(await klarna.isDisabled()).toBe(true);
    const klarnaCard = b.page.locator('label', { has: klarna });
    expect(flat(await klarnaCard.innerText())).toContain('Kan brukes fra 1 500 kr');
    expect(await radio(b.page, 'card').isChecked()).toBe(true);
    expect(flat(await b.page.getByTestId('klarna-moved').innerText())).toBe(
      'Delbetaling med Klarna gjelder kjøp fra 1 500 kr. Totalen er nå 1 397 kr, så betalingsmåten er endret til Kort.',
    );
    await b.page.screenshot({ path: `/tmp/klarna-unavailable-${width}.png`, fullPage: true });
    await journey.checkScreen(b.page, 'Klarna unavailable', b.problems);
    await atOtherWidth(b.page, 'Klarna unavailable', b.problems);
    // The code removed: Klarna is available and chosen again.
    await b.page.getByRole('button', { name: 'Fjern' }).click();
    await b.page.getByTestId('campaign-code-applied').waitFor({ state: 'detached' });
    expect(await klarna.isDisabled()).toBe(false);
    expect(await klarna.isChecked()).toBe(true);
    expect(await b.page.getByTestId('klarna-moved').count()).toBe(0);
    expect(b.problems).toEqual([]);
    await b.ctx.close();
  });

  it('an unknown course: "Fant ikke kurset" with the courses there are, never Foundation in silence', async () => {
    const b = await openBuyer(journey, width);
    await b.page.goto('/bestill?course=xyz');
    await b.page.getByRole('heading', { name: 'Fant ikke kurset' }).waitFor();
    expect(flat(await b.page.getByRole('alert').innerText())).toContain('«xyz»');
    expect(await b.page.getByTestId('checkout-submit').count()).toBe(0);
    await journey.checkScreen(b.page, 'unknown course', b.problems);
    await atOtherWidth(b.page, 'unknown course', b.problems);
    await b.page.getByRole('link', { name: /^Accelerator/ }).click();
    await b.page.getByTestId('checkout-submit').waitFor();
    expect(new URL(b.page.url()).search).toBe('?course=accelerator');
    expect(flat(await b.page.locator('h1').innerText())).toBe('Accelerator');
    expect(b.problems).toEqual([]);
    await b.ctx.close();
  });
});
