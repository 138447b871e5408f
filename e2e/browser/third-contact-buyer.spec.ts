/**
 * The buyer's third contact, as a buyer clicks it through at 390 and 1366 px (demo payments): a second
 * course bought in the same tab opens from its confirmation (no «Du har ikke tilgang», no sign-in), the
 * names come filled in for the signed-in buyer, the confirmation opened without its reference is calm;
 * an MVA-exempt course says «uten mva» on its sales page, at checkout and on its confirmation, and the
 * footer is true for the mixed catalogue; the no-access page quotes what this buyer would pay; the
 * split receipt mail breaks «merverdiavgiftsloven» at its joints at 320 px. Every screen is checked
 * with axe and for sideways scrolling.
 * Run `npm run build` first, then `npx jest --config e2e/jest.browser.config.js e2e/browser/third-contact-buyer.spec.ts`.
 */
import type { Page } from 'playwright-core';
import { receiptMail } from '../../backend/src/notifications/templates/messages';
import { openBuyer, type Buyer } from './support/buyers';
import { ADMIN, useBrowserJourney } from './support/journey';
import { at, buyDemo, postJson, uniqueEmail, until } from './support/site';

const WIDTHS = [390, 1366] as const;
const journey = useBrowserJourney();
const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Where a run may keep its screenshots to be looked at (nothing is written without it). */
async function shot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png`, fullPage: true });
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

describe.each(WIDTHS)('at %i px', (width) => {
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
    await buyInForm(b, 'temakurs', null);
    expect(flat(await page.locator('.payment-state__lead').innerText())).toContain('Temakurs er lagt til på kontoen din');
    await journey.checkScreen(page, `second confirmation (${width})`, b.problems);
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
      expect(flat(await page.locator('footer').last().innerText())).toContain('Alle priser i NOK inkl. mva der kurset har mva.');
      expect(flat(await page.locator('footer').last().innerText())).not.toContain('Alle priser i NOK inkl. mva.');
      await journey.checkScreen(page, `exempt sales page (${width})`, b.problems);
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
    await shot(page, `no-access-upgrade-${width}`);
    expect(b.problems).toEqual([]);
    await ctx.close();
  });
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
