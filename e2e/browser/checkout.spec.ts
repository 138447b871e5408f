/**
 * Checkout journeys (issue 4): the production build served by node, driven in Debian's Chromium.
 * Run `npm run build` first, then `npx jest --config e2e/jest.browser.config.js e2e/browser/checkout.spec.ts`.
 */
import { axeViolations } from './support/axe';
import type { Locator, Page } from 'playwright-core';
import { linkIn } from '../api/support/smtp-sink';
import { openVisitor, until } from './support/site';
import { useBrowserJourney, type BrowserJourney } from './support/journey';

/** A visitor of this journey's server with a stored cookie choice (no banner), collecting alerts and page errors. */
const open = (journey: BrowserJourney, width?: number) => openVisitor(journey.browser, journey.server.url, width);

const submit = (page: Page) => page.getByTestId('checkout-submit');

/** Serious or critical accessibility problems on the page. */
async function axeProblems(page: Page): Promise<string[]> {
  return (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const text = (l: Locator) => async () => (await l.first().innerText()).trim();
const visible = async (l: Locator, timeout = 10_000) => l.first().waitFor({ state: 'visible', timeout });

describe('checkout in demo mode (no Stripe key)', () => {
  const journey = useBrowserJourney({ mail: true });

  it('demo purchase → the confirmation page (thanks, course, receipt, a demo note) → the receipt mail → its link → "Sett passord" → the dashboard shows the course', async () => {
    const email = `demo-${Date.now()}@example.no`;
    const { ctx, page, alerts, errors } = await open(journey);

    // The query picks the programme and pre-fills the e-mail.
    await page.goto(`/bestill?course=accelerator&email=${encodeURIComponent(email)}`);
    await until(text(page.locator('h1')), 'Accelerator');
    expect(await page.getByLabel('E-post').inputValue()).toBe(email);
    await until(text(submit(page)), 'START KURSET - 4\u00a0997,-');
    // The button is not a silent dead end: it says what is missing, and a press shows it at each field.
    expect(await submit(page).isEnabled()).toBe(true);
    expect(await page.getByTestId('checkout-missing').innerText()).toBe(
      'Mangler: fornavn, etternavn, avkrysning for levering og avkrysning for risiko.',
    );
    expect(await submit(page).getAttribute('aria-describedby')).toBe(
      await page.getByTestId('checkout-missing').getAttribute('id'),
    );

    // Switching programme updates title, price, summary and features.
    await page.getByRole('radio', { name: /Foundation/ }).check();
    await until(text(page.locator('h1')), 'Foundation');
    await until(text(page.getByTestId('checkout-total')), '1\u00a0997\u00a0kr');
    await visible(page.getByText(/^Du sparer 1.000.kr!$/));
    await visible(page.getByText('Wyckoff-metoden'));
    await until(text(submit(page)), 'START KURSET - 1\u00a0997,-');
    expect(await page.getByRole('radio', { name: /Kort/ }).isChecked()).toBe(true);

    // Blank names are missing names: the press says so under the field and moves focus there.
    await page.getByLabel('Fornavn').fill('   ');
    await page.getByLabel('Etternavn').fill('Nordmann');
    await page.getByRole('checkbox', { name: /angrerett/i }).check();
    await page.getByRole('checkbox', { name: /risiko for tap/i }).check();
    await submit(page).click();
    const first = page.getByLabel('Fornavn');
    expect(await first.getAttribute('aria-invalid')).toBe('true');
    const errorId = await first.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${errorId}"]`).innerText()).toBe('Skriv inn fornavnet ditt');
    expect(await first.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByTestId('checkout-missing').innerText()).toBe('Mangler: fornavn.');

    await page.getByLabel('Fornavn').fill('Kari');
    expect(await first.getAttribute('aria-invalid')).toBeNull();
    expect(await page.getByTestId('checkout-missing').count()).toBe(0);
    await page.getByRole('radio', { name: /Vipps/ }).check();
    await submit(page).click();
    // Paid at once: the same confirmation page as a paid purchase, with a small note that it was a demo.
    await page.waitForURL((u) => u.pathname === '/betaling/fullfort', { timeout: 10_000 });
    await visible(page.getByRole('heading', { name: 'Takk for kjøpet!' }));
    expect(await page.getByTestId('demo-notice').innerText()).toContain('Demokjøp: ingen betaling er trukket.');
    expect(await page.getByTestId('receipt').innerText()).toContain('Foundation');
    expect(await page.getByRole('link', { name: 'Start kurset' }).getAttribute('href')).toBe('/course/foundation');
    expect(await page.getByRole('link', { name: 'Se og skriv ut kvitteringen' }).getAttribute('href')).toMatch(
      /^\/kvittering\/\d+$/,
    );
    // The address is not proved yet: the receipt mail's link comes before a password.
    await visible(page.getByText('har en lenke som bekrefter e-postadressen'));
    expect(alerts).toEqual([]);
    await page.getByRole('link', { name: 'Kontoinnstillinger' }).click();
    await page.waitForURL('**/account/settings', { timeout: 10_000 });

    // Signed in by the purchase, but the address is not proved: no password form, the receipt mail's link first.
    const claim = page.getByTestId('claim-required');
    await visible(claim);
    expect(await claim.innerText()).toContain(
      `Kvitteringen vi sendte til ${email} har en lenke for å bekrefte e-postadressen og sette passord.`,
    );
    expect(await page.locator('input[type="password"]').count()).toBe(0);
    // Nor the account's data: those belong to whoever proved the address.
    await visible(page.getByTestId('privacy-claim-required'));
    expect(await page.getByRole('link', { name: /Last ned mine data/ }).count()).toBe(0);

    // The receipt mail's one-time link proves the address; then a first password can be set.
    const receipt = await journey.sink.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Kvittering'), 15_000);
    await page.goto(linkIn(receipt.text, `${journey.server.url}/auto-login`));
    await page.waitForURL('**/account/settings', { timeout: 10_000 });
    await visible(page.getByRole('heading', { name: 'Sett passord' }));
    const passwords = page.locator('input[type="password"]');
    await passwords.nth(0).fill('mitt-nye-passord');
    await passwords.nth(1).fill('mitt-nye-passord');
    await page.getByRole('button', { name: /Sett passord/ }).click();
    await visible(page.getByText(/Passord satt!/));

    await page.goto('/dashboard');
    await visible(page.getByText(email));
    await visible(page.locator('a[href="/course/foundation"]'));
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

describe('checkout with Stripe (fake Stripe server)', () => {
  const journey = useBrowserJourney({ fakes: { stripe: true } });

  it('goes to Stripe Checkout; back on /betaling/fullfort the receipt shows and the new buyer is signed in', async () => {
    const email = `kort-${Date.now()}@example.no`;
    const { ctx, page, alerts, errors } = await open(journey);
    // Stripe's hosted page is not on the network in tests: answer it with a stand-in.
    await ctx.route('https://checkout.stripe.test/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Stripe Checkout</h1>' }),
    );

    await page.goto('/payment');
    await until(text(page.locator('h1')), 'Foundation');
    expect(await axeProblems(page)).toEqual([]);
    await page.getByLabel('E-post').fill(email);
    await page.getByLabel('Fornavn').fill('Ola');
    await page.getByLabel('Etternavn').fill('Nordmann');
    await page.getByRole('checkbox', { name: /angrerett/i }).check();
    await page.getByRole('checkbox', { name: /risiko for tap/i }).check();
    await submit(page).click();
    await page.waitForURL('https://checkout.stripe.test/**');
    const session = journey.stripe.lastSession();
    expect(session).toMatchObject({ amount_total: 199700, customer_email: email, allowed_payment_method_types: ['card'] });
    expect(alerts).toEqual([]);

    // The buyer pays; Stripe sends them back.
    journey.stripe.pay(session.id);
    await page.goto(`/betaling/fullfort?session_id=${session.id}`);
    await visible(page.getByRole('heading', { name: 'Takk for kjøpet!' }));
    const receipt = await page.getByTestId('receipt').innerText();
    expect(receipt).toContain('Foundation');
    expect(receipt).toContain('1\u00a0997\u00a0kr');
    expect(receipt).toContain(email);
    expect(await axeProblems(page)).toEqual([]);
    // Signed in by this order, but the address is not proved yet: no password before the receipt's link.
    await visible(page.getByText('har en lenke som bekrefter e-postadressen'));
    expect(await page.getByRole('link', { name: 'Sett passord' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Kontoinnstillinger' }).getAttribute('href')).toBe('/account/settings');
    expect(await page.getByRole('link', { name: 'Start kurset' }).getAttribute('href')).toBe('/course/foundation');
    // The printable receipt is one click away for the buyer.
    expect(await page.getByRole('link', { name: 'Se og skriv ut kvitteringen' }).getAttribute('href')).toMatch(
      /^\/kvittering\/\d+$/,
    );
    // The session id left the address bar at once (history, the Google tag); a reload still shows the receipt.
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/betaling/fullfort');
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Takk for kjøpet!' }));
    expect(page.url()).not.toContain('session_id');

    // Buying it again: the server says it is owned, with a way to the courses.
    await page.goto('/bestill?course=foundation');
    await until(() => page.getByLabel('E-post').inputValue(), email);
    expect(await page.getByLabel('E-post').getAttribute('readonly')).toBe('');
    await visible(page.getByText('Du har allerede tilgang til Foundation.'));
    expect(await page.getByRole('link', { name: /Gå til Mine kurs/ }).getAttribute('href')).toBe('/dashboard');
    expect(await submit(page).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('a failing payment provider: logged, the generic message in the page (no native alert), busy cleared', async () => {
    const { ctx, page, alerts } = await open(journey);
    journey.stripe.fail('sessions.create', 500);
    await page.goto('/bestill');
    await page.getByLabel('E-post').fill(`feil-${Date.now()}@example.no`);
    await page.getByLabel('Fornavn').fill('Per');
    await page.getByLabel('Etternavn').fill('Hansen');
    await page.getByRole('checkbox', { name: /angrerett/i }).check();
    await page.getByRole('checkbox', { name: /risiko for tap/i }).check();
    await submit(page).click();
    await until(text(page.getByRole('alert')), 'Det oppstod en feil ved opprettelse av betalingen. Prøv igjen.');
    expect(alerts).toEqual([]);
    await until(text(submit(page)), 'START KURSET - 1\u00a0997,-');
    expect(await submit(page).isEnabled()).toBe(true);
    await ctx.close();
  });
});
