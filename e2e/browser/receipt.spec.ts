/**
 * Receipts (issue 15, bokføringsforskriften § 5-1-1): a buyer pays (demo mode), follows the receipt
 * mail to /kvittering/:orderId, sees the seller with "Org.nr. … MVA", the receipt number and the
 * amounts with MVA, prints it (print CSS hides the page's chrome) and downloads the PDF. Nobody
 * else sees the order; the footer, the terms and the privacy page name the seller the same way.
 * Run `npm run build` first, then `npx jest --config e2e/jest.browser.config.js e2e/browser/receipt.spec.ts`.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { linkIn } from '../api/support/smtp-sink';
import { pdfText } from '../api/support/pdf-text';
import { at, uniqueEmail, downloaded } from './support/site';
import { useBrowserJourney } from './support/journey';

const SELLER = {
  SELLER_NAME: 'Kvitteringsselger AS',
  SELLER_ORG_NR: '923 456 789',
  SELLER_ADDRESS: 'Storgata 7, 0155 Oslo',
};
const SELLER_LINE = 'Kvitteringsselger AS · Org.nr. 923 456 789 MVA · Storgata 7, 0155 Oslo';

const journey = useBrowserJourney({ mail: true, env: SELLER });

async function open(width = 1280): Promise<{ ctx: BrowserContext; page: Page; errors: string[] }> {
  const ctx = await journey.newContext(width);
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('dialog', (d) => void d.accept());
  return { ctx, page, errors };
}

/** Buys Foundation in demo mode through the checkout page; the buyer ends signed in on the confirmation page. */
async function buy(page: Page, email: string): Promise<void> {
  await page.goto(`/bestill?course=foundation&email=${encodeURIComponent(email)}`);
  await page.getByLabel('Fornavn').fill('Kari');
  await page.getByLabel('Etternavn').fill('Nordmann');
  await page.locator('input[name="acceptTerms"]').check();
  await page.locator('input[name="acceptRisk"]').check();
  await page.getByTestId('checkout-submit').click();
  await at(page, '/betaling/fullfort', { timeout: 15_000 });
  await page.getByRole('heading', { name: 'Takk for kjøpet!' }).waitFor();
}

/** The receipt page's link from the receipt mail to `email`. */
async function receiptLink(email: string): Promise<string> {
  const mail = await journey.sink.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Kvittering nr.'), 15_000);
  for (const fact of ['Kvitteringsselger AS', '923 456 789 MVA', 'Storgata 7, 0155 Oslo', 'MVA 25 %'])
    expect(mail.text).toContain(fact);
  // The mail's row says "Org.nr." once (not "Organisasjonsnummer: Org.nr. …").
  expect(mail.text).toMatch(/^Org\.nr\.:\s+923 456 789 MVA$/m);
  return linkIn(mail.text, `${journey.server.url}/kvittering/`);
}

describe('the receipt page', () => {
  it('the buyer opens the receipt from the mail, sees seller, number and MVA, prints it and downloads the PDF', async () => {
    const email = uniqueEmail('kvittering');
    const { ctx, page, errors } = await open();
    await buy(page, email);
    const link = await receiptLink(email);
    const orderId = new URL(link).pathname.split('/').pop()!;

    await page.goto(link);
    const receipt = page.getByTestId('receipt');
    await receipt.waitFor({ timeout: 10_000 });
    const number = (await receipt.getByTestId('document-number').innerText()).trim();
    expect(number).toMatch(/^\d+$/);
    const shown = await receipt.innerText();
    for (const fact of [
      `Kvittering nr. ${number}`,
      'Kvitteringsselger AS',
      'Org.nr. 923 456 789 MVA',
      'Storgata 7, 0155 Oslo',
      'Beløp eks. MVA',
      'MVA 25',
      'Totalt inkl. MVA',
      `ordre ${orderId}`,
      // Who bought and how they paid, as the receipt mail says it.
      'Kjøper',
      'Kari Nordmann',
      'Betalingsmåte',
      'Kort',
    ])
      expect(shown).toContain(fact);
    // One number to quote: the page's title is the receipt's number; the order is named only in the description.
    expect((await page.locator('h1').innerText()).trim()).toBe(`Kvittering nr. ${number}`);
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.getByText(/Kvittering for ordre/).count()).toBe(0);
    expect(await page.getByText('Ordrenummer').count()).toBe(0);
    expect((await receipt.getByTestId('receipt-buyer').innerText()).trim()).toBe('Kari Nordmann');
    expect((await receipt.getByTestId('receipt-payment-method').innerText()).trim()).toBe('Kort');
    // The amounts add up: excl. MVA + MVA = total, MVA 25 % of the amount excl. MVA.
    const ore = async (id: string) => Number((await receipt.getByTestId(id).innerText()).replace(/[^\d]/g, ''));
    const [excl, vat, total] = [await ore('amount-excl'), await ore('amount-vat'), await ore('amount-total')];
    expect(excl + vat).toBe(total);
    expect(excl).toBe(Math.round(total / 1.25));

    // Printing hides the page's chrome (header, buttons) and keeps the receipt.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.site-header').first().isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Skriv ut' }).isVisible()).toBe(false);
    expect(await page.getByTestId('pdf-link').isVisible()).toBe(false);
    expect(await receipt.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // "Last ned PDF": a PDF named by the receipt number, with the same facts.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pdf-link').click()]);
    expect(download.suggestedFilename()).toBe(`kvittering-${number}.pdf`);
    const pdf = await downloaded(download);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const fact of [
      `Kvittering nr. ${number}`,
      'Kvitteringsselger AS',
      'Org.nr. 923 456 789 MVA',
      'Storgata 7, 0155 Oslo',
      'Kari Nordmann',
      'Betalingsmåte',
    ])
      expect(text).toContain(fact);
    expect(errors).toEqual([]);

    // Someone else, signed in with their own purchase, finds nothing at this address.
    const other = await open();
    await buy(other.page, uniqueEmail('annen'));
    await other.page.goto(`/kvittering/${orderId}`);
    await other.page.getByRole('heading', { name: 'Fant ikke kvitteringen' }).waitFor({ timeout: 10_000 });
    expect(await other.page.getByTestId('receipt').count()).toBe(0);
    await other.ctx.close();

    // Signed out: to the login page, and back here afterwards.
    const anonymous = await open();
    await anonymous.page.goto(`/kvittering/${orderId}`);
    await anonymous.page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('next') === `/kvittering/${orderId}`, {
      timeout: 10_000,
    });
    await anonymous.ctx.close();
    await ctx.close();
  });

  it('the footer, the terms and the privacy page name the seller the same way', async () => {
    const { ctx, page } = await open();
    for (const path of ['/', '/vilkar', '/personvern']) {
      await page.goto(path);
      const footer = page.locator('footer.footer');
      await footer.waitFor();
      expect(await footer.getByTestId('seller').innerText()).toBe(SELLER_LINE);
    }
    for (const path of ['/vilkar', '/personvern']) {
      await page.goto(path);
      expect(await page.locator('main').getByTestId('seller').first().innerText()).toBe(SELLER_LINE);
    }
    // Also in the server-rendered HTML (before any script runs).
    const html = await (await fetch(`${journey.server.url}/vilkar`)).text();
    expect(html).toContain('Org.nr. 923 456 789 MVA');
    await ctx.close();
  });
});
