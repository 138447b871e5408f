/**
 * Money, end to end (issue 22): one order followed from the checkout page, with a 25 % campaign code
 * on 1 997 kr (1 497,75 kr exactly, so rounding matters), through the amount Stripe is asked for, the
 * order, the confirmation page, the receipt page and its PDF, the receipt mail and the admin panel's
 * order. Every one of them shows the same whole-kroner figure: 1 497 kr (receipts write it with øre,
 * "1 497,00 kr"), rounded in the buyer's favour.
 * Run `npm run build` first, then `npx jest --config e2e/jest.browser.config.js e2e/browser/money.spec.ts`.
 */
import type { Page } from 'playwright-core';
import { pdfText } from '../api/support/pdf-text';
import { linkIn } from '../api/support/smtp-sink';
import { signInToAdmin } from './support/admin';
import { uniqueEmail, until, downloaded } from './support/site';
import { ADMIN, useBrowserJourney } from './support/journey';

/** The one figure every place must show. */
const PRICE_ORE = 149700;
const PRICE_TEXT = '1 497 kr';

/** Text with every kind of space (no-break, narrow no-break) as one plain space. */
const flat = (s: string) => s.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
/** Every kroner amount written in `text` ("1 497 kr", "1 497,00 kr", "kr 1 497,75"), in øre. */
function krAmounts(text: string): number[] {
  const t = flat(text);
  const out: number[] = [];
  for (const m of t.matchAll(/(\d{1,3}(?: \d{3})*)(?:,(\d{2}))? ?kr\b/g))
    out.push(Number(m[1].replace(/ /g, '')) * 100 + (m[2] ? Number(m[2]) : 0));
  for (const m of t.matchAll(/\bkr ?(\d{1,3}(?: \d{3})*)(?:,(\d{2}))?/g))
    out.push(Number(m[1].replace(/ /g, '')) * 100 + (m[2] ? Number(m[2]) : 0));
  return out;
}

describe('money, end to end (fake Stripe, 25 % campaign code)', () => {
  const adminErrors: string[] = [];
  let admin: Page;

  const journey = useBrowserJourney({ mail: true, fakes: { stripe: true } });

  beforeAll(async () => {
    ({ page: admin } = await journey.newPage(1280, { consent: false, problems: adminErrors }));
  });

  it('the checkout, Stripe, the order, the receipt page and PDF, the receipt mail and the admin panel show one figure', async () => {
    // The mentor makes a 25 % code in the admin panel (Æ, Ø and Å are letters of a code).
    await signInToAdmin(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL(/\/admin\/?$/);
    const code = `KRØNE${Date.now().toString(36).toUpperCase()}`;
    await admin.goto('/admin/campaign-codes/create');
    await admin.getByLabel('Kode').fill(code.toLowerCase());
    await admin.getByLabel('Rabatt i prosent').fill('25');
    await admin.getByRole('button', { name: 'Lagre' }).click();
    await admin.waitForURL(/\/admin\/campaign-codes\/?$/);
    await admin.locator('tbody tr', { hasText: code }).waitFor();

    // The checkout page shows the server's price with the code.
    const ctx = await journey.newContext(1280);
    await ctx.route('https://checkout.stripe.test/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Stripe Checkout</h1>' }),
    );
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const email = uniqueEmail('penger');
    await page.goto(`/bestill?course=foundation&kode=${encodeURIComponent(code.toLowerCase())}`);
    await page.getByTestId('campaign-code-applied').waitFor();
    await until(async () => flat(await page.getByTestId('checkout-total').innerText()), PRICE_TEXT);
    expect(flat(await page.getByTestId('checkout-submit').innerText())).toContain('1 497');
    // No figure on the page is the unrounded one.
    expect(krAmounts(await page.locator('main').innerText())).not.toContain(149775);
    expect(flat(await page.locator('main').innerText())).not.toMatch(/1 497,75|1 498/);

    await page.getByLabel('E-post').fill(email);
    await page.getByLabel('Fornavn').fill('Kari');
    await page.getByLabel('Etternavn').fill('Nordmann');
    await page.locator('input[name=acceptTerms]').check();
    await page.locator('input[name=acceptRisk]').check();
    await page.getByTestId('checkout-submit').click();
    await page.waitForURL('https://checkout.stripe.test/**', { timeout: 15_000 });

    // Stripe is asked for exactly that amount, on one line.
    const session = journey.stripe.lastSession();
    expect(session.customer_email).toBe(email);
    expect(session.amount_total).toBe(PRICE_ORE);
    const lines = session.line_items_sent as Array<{ price_data?: { unit_amount?: string } }>;
    expect(lines.map((l) => Number(l.price_data?.unit_amount))).toEqual([PRICE_ORE]);

    // Paid; Stripe sends the buyer back to the confirmation page.
    journey.stripe.pay(session.id);
    await page.goto(`/betaling/fullfort?session_id=${session.id}`);
    await page.getByRole('heading', { name: 'Takk for kjøpet!' }).waitFor({ timeout: 15_000 });
    const confirmation = await page.getByTestId('receipt').innerText();
    expect(krAmounts(confirmation)).toContain(PRICE_ORE);
    expect(krAmounts(confirmation)).not.toContain(149775);

    // The receipt mail: the same figure, and the link to the receipt page.
    const mail = await journey.sink.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Kvittering nr.'), 15_000);
    // The mail writes the øre of a receipt ("1 497,00 kr"): the same number.
    expect(krAmounts(mail.text)).toContain(PRICE_ORE);
    expect(krAmounts(mail.text)).not.toContain(149775);
    expect(flat(mail.text)).toContain(code);
    const link = linkIn(mail.text, `${journey.server.url}/kvittering/`);
    const orderId = Number(new URL(link).pathname.split('/').pop());

    // The order, as the admin API has it.
    const order = await (await admin.request.get(`${journey.server.url}/api/admin/orders/${orderId}`)).json();
    expect(order).toMatchObject({ status: 'paid', amountOre: PRICE_ORE, discountOre: 199700 - PRICE_ORE, campaignCode: code });

    // The receipt page (the buyer is signed in by the confirmation page) and its PDF.
    await page.goto(link);
    const receipt = page.getByTestId('receipt');
    await receipt.waitFor({ timeout: 10_000 });
    expect(krAmounts(await receipt.getByTestId('amount-total').innerText())).toEqual([PRICE_ORE]);
    const ore = async (id: string) => Number((await receipt.getByTestId(id).innerText()).replace(/[^\d]/g, ''));
    expect((await ore('amount-excl')) + (await ore('amount-vat'))).toBe(await ore('amount-total'));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pdf-link').click()]);
    const pdf = flat(pdfText(await downloaded(download)));
    expect(krAmounts(pdf)).toContain(PRICE_ORE);
    expect(krAmounts(pdf)).not.toContain(149775);
    expect(errors).toEqual([]);
    await ctx.close();

    // Admin › Ordrer: the list row and the order itself, in kroner.
    await admin.goto('/admin/orders');
    const row = admin.locator('tbody tr', { hasText: email });
    await row.waitFor({ timeout: 10_000 });
    expect(krAmounts(await row.innerText())).toContain(PRICE_ORE);
    await admin.goto(`/admin/orders/${orderId}/show`);
    await admin.getByText(email).first().waitFor({ timeout: 10_000 });
    const shown = await admin.locator('main').innerText();
    expect(krAmounts(shown)).toContain(PRICE_ORE);
    expect(krAmounts(shown)).not.toContain(149775);
    expect(flat(shown)).not.toContain('149 700');
    expect(adminErrors).toEqual([]);
  });
});
