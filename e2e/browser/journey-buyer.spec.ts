/**
 * A buyer's first purchase (issue 22), clicked through at a phone's width (where buyers mostly are), the
 * order form, the confirmation page and the receipt also rendered at a computer's width: from the
 * sales page through the order form to Stripe (the fake Stripe server) with card, with Klarna and with a
 * campaign code, to Vipps (the fake Vipps ePayment server and its page standing in for the app), back on the confirmation page with
 * the course link and the receipt; and a demo-mode purchase (no Stripe key) on the same page, its
 * reload, and the third contact (demo payments): a second course bought in the same tab opens from its
 * confirmation (no «Du har ikke tilgang», no sign-in), the names come filled in for the signed-in
 * buyer, the confirmation opened without its reference is calm; an MVA-exempt course says «uten mva»
 * on its sales page, at checkout and on its confirmation, and the footer is true for the mixed
 * catalogue; the no-access page quotes what this buyer would pay; the split receipt mail breaks
 * «merverdiavgiftsloven» at its joints at 320 px.
 * On the production build: `npm run build` first, then
 * `npx jest --config e2e/jest.browser.config.js e2e/browser/journey-buyer.spec.ts`.
 */
import type { Page } from 'playwright-core';
import { receiptMail } from '../../backend/src/notifications/templates/messages';
import { at, buyDemo, postJson, uniqueEmail, until } from './support/site';
import { ADMIN, atOtherWidth, PHONE, useBrowserJourney } from './support/journey';
import { openBuyer, type Buyer } from './support/buyers';

const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

/** From the Foundation sales page to the order form, filled in; `kode` arrives by a campaign link instead, `direct` by the form's own address. */
async function orderForm(
  page: Page,
  email: string,
  opts: { kode?: string; method?: 'Vipps' | 'Klarna'; direct?: boolean } = {},
): Promise<void> {
  if (opts.kode || opts.direct) {
    await page.goto(`/bestill?course=foundation${opts.kode ? `&kode=${opts.kode}` : ''}`);
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

/**
 * The confirmation page of a paid order: thanks, the course link, the receipt, and the way to a password. `kr`: '1 997'.
 * With `otherWidth`, the confirmation and the receipt are also rendered at a computer's width (found problems go there).
 */
async function expectConfirmation(page: Page, email: string, kr: string, otherWidth?: string[]): Promise<void> {
  await page.getByRole('heading', { name: 'Takk for kjøpet!' }).waitFor({ timeout: 15_000 });
  if (otherWidth) await atOtherWidth(page, 'confirmation', otherWidth);
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
  if (otherWidth) await atOtherWidth(page, 'receipt', otherWidth);
  await page.goBack();
  await page.getByRole('heading', { name: 'Takk for kjøpet!' }).waitFor();
  await page.getByRole('link', { name: 'Start kurset' }).click();
  await at(page, '/course/foundation');
  await page.getByRole('button', { name: 'Marker som fullført' }).waitFor();
}

describe('the buyer, on a phone', () => {
  const width = PHONE;
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
      await atOtherWidth(b.page, 'order form', b.problems);
      await payAtStripe(b.page, 'card', 199700);
      await expectConfirmation(b.page, email, '1 997', b.problems);
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
      await atOtherWidth(b.page, 'order form with Klarna', b.problems);
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
      await atOtherWidth(b.page, 'order form with a campaign code', b.problems);
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
      await atOtherWidth(b.page, 'demo confirmation', b.problems);
      await expectConfirmation(b.page, email, '1 997');
      // The receipt mail went out as for a paid order.
      await journey.sink.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Kvittering'), 15_000);
      expect(b.problems).toEqual([]);
      await b.ctx.close();
    });

    it('a reload of a demo purchase’s confirmation page shows it again (the buyer’s ways back)', async () => {
      const b = await openBuyer(journey, width);
      const email = uniqueEmail('last-demo');
      await orderForm(b.page, email, { direct: true });
      await b.page.getByTestId('checkout-submit').click();
      await at(b.page, '/betaling/fullfort', { timeout: 15_000 });
      await b.page.getByRole('heading', { name: 'Takk for kjøpet!' }).waitFor();
      await b.page.reload();
      await b.page.getByRole('heading', { name: 'Takk for kjøpet!' }).waitFor({ timeout: 15_000 });
      const receipt = flat(await b.page.getByTestId('receipt').innerText());
      expect(receipt).toContain('1 997 kr');
      expect(receipt).toContain(email);
      expect(await b.page.getByTestId('demo-notice').count()).toBe(1);
      // A test environment's placeholder mailbox is not offered as the seller's address.
      expect(await b.page.locator('body').innerText()).not.toContain('kontakt@example.com');
      expect(b.problems).toEqual([]);
      await b.ctx.close();
    });

    describe('the third contact: a second course, an exempt course, the no-access price (demo payments)', () => {
      /** Where a run may keep its screenshots to be looked at (nothing is written without it). */
      async function shot(page: Page, name: string): Promise<void> {
        if (process.env.SCREENSHOT_DIR)
          await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png`, fullPage: true });
      }

      /** The order form of a course, filled in and sent (a demo payment), up to its confirmation. */
      async function buyInForm(b: Buyer, course: string, email: string | null): Promise<void> {
        const { page } = b;
        await page.goto(`/bestill?course=${course}`);
        await page.getByTestId('checkout-submit').waitFor();
        if (email !== null) {
          await page.getByLabel('E-post', { exact: true }).fill(email);
          await page.getByLabel('Fornavn').fill('Kari');
          await page.getByLabel('Etternavn').fill('Nordmann');
        }
        await page.locator('input[name="acceptTerms"]').check();
        await page.locator('input[name="acceptRisk"]').check();
        await page.getByTestId('checkout-submit').click();
        await page.getByRole('heading', { name: 'Takk for kjøpet!' }).waitFor({ timeout: 15_000 });
      }

      /** The mentor sets a course's MVA treatment (the panel's PUT). */
      async function setVat(courseId: string, vatTreatment: 'standard' | 'exempt'): Promise<void> {
        const admin = await postJson(journey.server.url, '/api/auth/login', ADMIN);
        expect(admin.status).toBe(200);
        const res = await fetch(`${journey.server.url}/api/admin/courses/${courseId}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', cookie: admin.cookie!, 'x-requested-with': 'fetch' },
          body: JSON.stringify({ vatTreatment }),
        });
        expect(res.status).toBe(200);
      }

      it('a second course in the same tab: names filled in, «Start kurset» opens it signed in; the page without its reference is calm', async () => {
        const b = await openBuyer(journey, width);
        const { page } = b;
        const email = uniqueEmail('andre-kurs');
        await buyInForm(b, 'microkurs', email);

        // Signed in now: the second order form has the address locked and the names as the account has them.
        await page.goto('/bestill?course=temakurs');
        await page.getByTestId('checkout-submit').waitFor();
        await until(() => page.getByLabel('Fornavn').inputValue(), 'Kari');
        expect(await page.getByLabel('Etternavn').inputValue()).toBe('Nordmann');
        await journey.checkScreen(page, `second order form (${width})`, b.problems);
        await atOtherWidth(page, 'second order form', b.problems);
        await buyInForm(b, 'temakurs', null);
        expect(flat(await page.locator('.payment-state__lead').innerText())).toContain('Temakurs er lagt til på kontoen din');
        await journey.checkScreen(page, `second confirmation (${width})`, b.problems);
        await atOtherWidth(page, 'second confirmation', b.problems);
        await shot(page, `confirmation-second-${width}`);

        await page.getByRole('link', { name: 'Start kurset' }).click();
        await at(page, '/course/temakurs');
        await page.locator('h1').first().waitFor();
        expect(await page.getByTestId('course-no-access').count()).toBe(0);
        expect(page.url()).not.toContain('/login');
        const me = await page.evaluate(() => fetch('/api/auth/me').then((r) => r.json() as Promise<{ email: string } | null>));
        expect(me?.email).toBe(email);

        // Opened again in another tab without its reference: where the purchase is, not a red «Fant ikke betalingen».
        const other = await b.ctx.newPage();
        await other.goto('/betaling/fullfort');
        await other.getByTestId('payment-no-reference').waitFor();
        expect(await other.getByText('Fant ikke betalingen').count()).toBe(0);
        expect(await other.locator('.payment-state--bad').count()).toBe(0);
        await other.getByRole('link', { name: 'Mine kurs' }).first().waitFor();
        await journey.checkScreen(other, `confirmation without its reference (${width})`, b.problems);
        await atOtherWidth(other, 'confirmation without its reference', b.problems);
        await shot(other, `confirmation-no-reference-${width}`);
        expect(b.problems).toEqual([]);
        await b.ctx.close();
      });

      it('an exempt Accelerator says «uten mva» on its sales page, at checkout and on its confirmation; the footer is true for the mix', async () => {
        await setVat('accelerator', 'exempt');
        const b = await openBuyer(journey, width);
        const { page } = b;
        try {
          // The server-rendered page follows the change as soon as it is rendered again.
          const note = page.locator('.offer-card__note').first();
          await until(async () => {
            await page.goto('/kurs/accelerator');
            return flat(await note.innerText()).includes('Totalpris uten mva (kurset er unntatt mva).');
          }, true);
          expect(flat(await page.locator('footer').last().innerText())).toContain(
            'Alle priser i NOK inkl. mva der kurset har mva.',
          );
          expect(flat(await page.locator('footer').last().innerText())).not.toContain('Alle priser i NOK inkl. mva.');
          await journey.checkScreen(page, `exempt sales page (${width})`, b.problems);
          await atOtherWidth(page, 'exempt sales page', b.problems);
          await shot(page, `sales-exempt-${width}`);

          await page.goto('/bestill?course=accelerator');
          await page.getByTestId('checkout-total').waitFor();
          const total = page.locator('.checkout-summary__row--total dt');
          expect(flat(await total.innerText())).toBe('Totalt, uten mva (kurset er unntatt mva)');
          await buyInForm(b, 'accelerator', uniqueEmail('unntatt'));
          const receipt = flat(await page.getByTestId('receipt').innerText());
          expect(receipt).toContain('uten mva');
          expect(receipt).not.toContain('inkl. mva');
          await journey.checkScreen(page, `exempt confirmation (${width})`, b.problems);
          await atOtherWidth(page, 'exempt confirmation', b.problems);
          await shot(page, `confirmation-exempt-${width}`);
          expect(b.problems).toEqual([]);
        } finally {
          await setVat('accelerator', 'standard');
          await b.ctx.close();
        }
      });

      it('the no-access page quotes what this buyer would pay (a Foundation owner’s upgrade), as the checkout will', async () => {
        const b = await openBuyer(journey, width);
        const { page, ctx } = b;
        await buyDemo(ctx.request, 'foundation', uniqueEmail('oppgradering'));
        const quote = (await (await ctx.request.get('/api/checkout/quote?courseId=accelerator')).json()) as {
          amountOre: number;
          upgradeCreditOre: number;
        };
        expect(quote.upgradeCreditOre).toBeGreaterThan(0);
        const kr = (ore: number) => `${new Intl.NumberFormat('nb-NO').format(ore / 100)} kr`.replace(/\s/g, ' ');
        await page.goto('/course/accelerator');
        await page.getByTestId('course-no-access').waitFor();
        const buy = page.getByRole('link', { name: /^Kjøp Accelerator/ });
        await until(async () => flat(await buy.innerText()), `Kjøp Accelerator – ${kr(quote.amountOre)}`);
        await journey.checkScreen(page, `no access, upgrade price (${width})`, b.problems);
        await atOtherWidth(page, 'no access, upgrade price', b.problems);
        await shot(page, `no-access-upgrade-${width}`);
        expect(b.problems).toEqual([]);
        await ctx.close();
      });

      it('the split receipt mail breaks «merverdiavgiftsloven» only at its joints at 320 px', async () => {
        const mail = receiptMail(
          { siteName: 'Trading Akademiet', contactEmail: 'hei@tradingakademiet.no', publicUrl: 'https://tradingakademiet.no' },
          {
            receipt: {
              number: 1042,
              issuedAt: new Date('2026-11-27T12:00:00Z'),
              description: 'Kurs: Accelerator',
              amountExclVatOre: 439760,
              vatOre: 59940,
              vatRatePercent: 25,
              totalOre: 499700,
              seller: { name: 'Trading Akademiet AS', orgNrText: 'Org.nr. 923 456 789 MVA', address: 'Storgata 1, 0155 Oslo' },
              lines: [
                { treatment: 'standard', vatRatePercent: 25, amountExclVatOre: 239760, vatOre: 59940, totalOre: 299700 },
                { treatment: 'exempt', vatRatePercent: 0, amountExclVatOre: 200000, vatOre: 0, totalOre: 200000 },
              ],
            },
            receiptUrl: 'https://tradingakademiet.no/kvittering/12',
            orderId: 12,
            courseTitle: 'Accelerator',
            amountOre: 499700,
            paidAt: new Date('2026-11-27T12:00:00Z'),
            paymentMethod: 'card',
            firstName: 'Kari',
            signInUrl: null,
            loginUrl: 'https://tradingakademiet.no/login',
          },
        );
        const ctx = await journey.browser.newContext({ viewport: { width: 320, height: 640 } });
        const page = await ctx.newPage();
        await page.setContent(mail.html, { waitUntil: 'load' });
        // Each place the word runs onto a new line: the two characters before the first one measured on the
        // new line (a character just after a break may still be measured at the end of the line before).
        const breaks = await page.evaluate(() => {
          const cell = Array.from(document.querySelectorAll('td')).find(
            (td) => td.textContent?.includes('merverdi') && !td.querySelector('td'),
          )!;
          const text = cell.firstChild as Text;
          const word = text.data.search(/merverdi\u00ad?avgifts\u00ad?loven/);
          const out: string[] = [];
          let top: number | null = null;
          for (let i = word; i < text.data.length && !/\s/.test(text.data[i]); i++) {
            const range = document.createRange();
            range.setStart(text, i);
            range.setEnd(text, i + 1);
            const rect = range.getBoundingClientRect();
            if (rect.width === 0) continue;
            if (top !== null && rect.top > top + 2) out.push(text.data.slice(i - 2, i));
            top = rect.top;
          }
          return out;
        });
        expect(breaks.length).toBeGreaterThan(0);
        for (const before of breaks) expect(before).toContain('\u00ad');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
        if (process.env.SCREENSHOT_DIR)
          await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/mail-split-320.png`, fullPage: true });
        await ctx.close();
      });
    });
  });
});
