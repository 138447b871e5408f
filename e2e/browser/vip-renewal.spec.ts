/**
 * VIP that renews by itself (issue 39; docs/decisions.md "Automatic renewal"), on the fake Stripe at
 * 390 and 1366 px with axe: at checkout «Forny automatisk hvert år» is not ticked, and ticked it states
 * the price, the interval, the first renewal date and how to cancel before the button; after the
 * purchase the VIP page on the dashboard shows the renewal, «Si opp» asks first and then says the
 * membership ends, and «Slå på fornyelse igjen» brings it back; the same VIP page in the account
 * settings (`/account/settings#membership-vip`, opened at the section) does the same. Screenshots go to /tmp.
 * Run `npm run build` first, then `npx jest --config e2e/jest.browser.config.js e2e/browser/vip-renewal.spec.ts`.
 */
import type { Page } from 'playwright-core';
import { signWebhook, stripeEvent } from '../api/support/fake-stripe';
import { openBuyer, seedStudent } from './support/buyers';
import { useBrowserJourney } from './support/journey';
import { at, login } from './support/site';

const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('VIP that renews: checkout disclosure, the VIP page and «Si opp» (fake Stripe)', () => {
  const journey = useBrowserJourney({ fakes: { stripe: true }, db: true });

  const student = () => seedStudent(journey, 'vipfornyer');

  /** Stripe's signed webhook delivery to the server. */
  async function deliver(type: string, object: unknown): Promise<void> {
    const { body, signature } = signWebhook(stripeEvent(type, object));
    const res = await fetch(`${journey.server.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body,
    });
    expect(res.status).toBe(200);
  }

  /** Whether `a` comes before `b` in the page. */
  const before = (page: Page, a: string, b: string) =>
    page.evaluate(
      ([x, y]) => {
        const ea = document.querySelector(x);
        const eb = document.querySelector(y);
        return !!ea && !!eb && !!(ea.compareDocumentPosition(eb) & Node.DOCUMENT_POSITION_FOLLOWING);
      },
      [a, b] as const,
    );

  it.each([390, 1366])('at %i px', async (width) => {
    const { page, problems } = await openBuyer(journey, width);
    const { email, password } = await student();
    await page.goto('/login');
    await login(page, email, password);
    await at(page, '/dashboard');

    await page.goto('/bestill?course=vip');
    const box = page.getByRole('checkbox', { name: 'Forny automatisk hvert år' });
    await box.waitFor();
    expect(await box.isChecked()).toBe(false);
    const terms = page.getByTestId('checkout-autorenew-terms');
    expect(flat(await terms.innerText())).toContain('Uten avkrysning kjøper du én periode på 12 måneder');
    await journey.checkScreen(page, `checkout-vip-${width}`, problems);

    await box.check();
    const said = flat(await terms.innerText());
    expect(said).toMatch(/VIP fornyes automatisk hvert år \(hver 12\. måned\) for 5\s000 kr/);
    expect(said).toMatch(/Første fornyelse er \d{1,2}\. \p{L}+ \d{4}/u);
    expect(said).toContain('si opp når som helst på VIP-siden i kursoversikten («Si opp», så bekrefter du)');
    // Stated before the button.
    expect(await before(page, '[data-testid="checkout-autorenew-terms"]', '[data-testid="checkout-submit"]')).toBe(true);
    await journey.checkScreen(page, `checkout-vip-renew-${width}`, problems);
    await page.screenshot({ path: `/tmp/checkout-vip-renew-${width}.png`, fullPage: true });

    await page.getByLabel('Fornavn').fill('Kari');
    await page.getByLabel('Etternavn').fill('Nordmann');
    await page.getByRole('checkbox', { name: /angrerett/i }).check();
    await page.getByRole('checkbox', { name: /risiko for tap/i }).check();
    await page.getByTestId('checkout-submit').click();
    await page.waitForURL('https://checkout.stripe.test/**').catch(async (e: unknown) => {
      await page.screenshot({ path: `/tmp/vip-renew-submit-${width}.png`, fullPage: true });
      throw e;
    });
    const session = journey.stripe.lastSession();
    expect(session).toMatchObject({ mode: 'subscription', amount_total: 500000, recurring: { interval: 'year' } });
    journey.stripe.pay(session.id);
    await deliver('checkout.session.completed', journey.stripe.sessions.get(session.id));

    await page.goto('/dashboard');
    const panel = page.getByTestId('membership-vip');
    await panel.waitFor({ timeout: 10_000 });
    expect(flat(await page.getByTestId('membership-renews').innerText())).toMatch(
      /^Fornyes automatisk \d{1,2}\. \p{L}+ \d{4} for 5\s000 kr \(trekkes fra kortet ditt, 12 nye måneder\)/u,
    );
    expect(await panel.getByRole('link', { name: 'Forny VIP' }).count()).toBe(0);
    await panel.getByText(/Kvitteringer \(1\)/).waitFor();
    await journey.checkScreen(page, `vip-page-${width}`, problems);
    await page.screenshot({ path: `/tmp/vip-page-renewing-${width}.png`, fullPage: true });

    // «Si opp»: one click and a confirmation.
    await panel.getByRole('button', { name: 'Si opp' }).click();
    await panel.getByRole('button', { name: 'Ja, si opp' }).waitFor();
    expect(flat(await panel.innerText())).toMatch(/Vil du si opp\? VIP fornyes da ikke, og medlemskapet slutter/);
    await journey.checkScreen(page, `vip-cancel-confirm-${width}`, problems);
    await page.screenshot({ path: `/tmp/vip-cancel-confirm-${width}.png`, fullPage: true });
    await panel.getByRole('button', { name: 'Ja, si opp' }).click();
    await panel.getByText(/Du har sagt opp fornyelsen\. Medlemskapet varer til .+ og slutter da\./).waitFor();
    expect(journey.stripe.subscriptions.get(journey.stripe.sessions.get(session.id)!.subscription!)!.cancel_at_period_end).toBe(
      true,
    );
    await journey.checkScreen(page, `vip-cancelled-${width}`, problems);
    await page.screenshot({ path: `/tmp/vip-page-cancelled-${width}.png`, fullPage: true });

    await panel.getByRole('button', { name: 'Slå på fornyelse igjen' }).click();
    await panel.getByRole('button', { name: 'Si opp' }).waitFor();

    // The same VIP page in the account settings, at the address the mails and Vipps link to: it
    // opens at the section once the memberships have loaded.
    await page.goto('/account/settings#membership-vip');
    const settings = page.getByTestId('membership-vip');
    await settings.waitFor({ timeout: 10_000 });
    await page.waitForFunction(() => {
      const top = document.getElementById('membership-vip')?.getBoundingClientRect().top;
      return top !== undefined && top >= 0 && top < window.innerHeight / 2;
    });
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Kontoinnstillinger');
    expect(flat(await settings.getByTestId('membership-renews').innerText())).toMatch(
      /^Fornyes automatisk \d{1,2}\. \p{L}+ \d{4} for 5\s000 kr \(trekkes fra kortet ditt, 12 nye måneder\)/u,
    );
    expect(flat(await settings.innerText())).toMatch(/Tilgangsperiode: .+ – .+\. \d+ dager igjen\./);
    await settings.getByText(/Kvitteringer \(1\)/).click();
    await settings.getByRole('link', { name: /^Kvittering nr\. \d+, .+, 5\s000 kr \(PDF\)$/ }).waitFor();
    await settings.getByRole('button', { name: 'Endre kort' }).waitFor();
    await journey.checkScreen(page, `vip-settings-${width}`, problems);
    await page.screenshot({ path: `/tmp/vip-settings-renewing-${width}.png`, fullPage: true });

    await settings.getByRole('button', { name: 'Si opp' }).click();
    await settings.getByRole('button', { name: 'Ja, si opp' }).waitFor();
    await journey.checkScreen(page, `vip-settings-confirm-${width}`, problems);
    await page.screenshot({ path: `/tmp/vip-settings-confirm-${width}.png` });
    await settings.getByRole('button', { name: 'Ja, si opp' }).click();
    await settings.getByText(/Du har sagt opp fornyelsen\./).waitFor();
    expect(journey.stripe.subscriptions.get(journey.stripe.sessions.get(session.id)!.subscription!)!.cancel_at_period_end).toBe(
      true,
    );
    await settings.getByRole('button', { name: 'Slå på fornyelse igjen' }).click();
    await settings.getByRole('button', { name: 'Si opp' }).waitFor();
    expect(journey.stripe.subscriptions.get(journey.stripe.sessions.get(session.id)!.subscription!)!.cancel_at_period_end).toBe(
      false,
    );
    await journey.checkScreen(page, `vip-settings-resumed-${width}`, problems);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

/**
 * The same by Vipps (Recurring API on the fake Vipps): with Vipps chosen the box can be ticked, and
 * the disclosure names Vipps (approval in the app, stopping it there or here); the agreement is
 * approved on the fake's page for the app, the payment page polls it, and the VIP page shows renewal
 * by Vipps. «Si opp» stops the agreement, and the page says it cannot be started again.
 */
describe('VIP that renews by Vipps: checkout disclosure, approval in the app, the VIP page (fake Vipps)', () => {
  const journey = useBrowserJourney({ fakes: { stripe: true, vipps: true }, db: true });

  const student = () => seedStudent(journey, 'vippsfornyer');

  it.each([390, 1366])('at %i px', async (width) => {
    const { page, problems } = await openBuyer(journey, width);
    const { email, password } = await student();
    await page.goto('/login');
    await login(page, email, password);
    await at(page, '/dashboard');

    await page.goto('/bestill?course=vip');
    await page.getByTestId('checkout-submit').waitFor();
    await page.getByRole('radio', { name: /Vipps/ }).check();
    const box = page.getByRole('checkbox', { name: 'Forny automatisk hvert år' });
    expect(await box.isDisabled()).toBe(false);
    expect(await box.isChecked()).toBe(false);
    await box.check();
    const said = flat(await page.getByTestId('checkout-autorenew-terms').innerText());
    expect(said).toMatch(/VIP fornyes automatisk hvert år \(hver 12\. måned\) for 5\s000 kr med Vipps/);
    expect(said).toContain('godkjenner en fast betalingsavtale i Vipps-appen');
    expect(said).toContain('stoppe avtalen når som helst i Vipps-appen');
    expect(said).toMatch(/Første fornyelse er \d{1,2}\. \p{L}+ \d{4}/u);
    await journey.checkScreen(page, `checkout-vip-renew-vipps-${width}`, problems);
    await page.screenshot({ path: `/tmp/checkout-vip-renew-vipps-${width}.png`, fullPage: true });

    await page.getByLabel('Fornavn').fill('Kari');
    await page.getByLabel('Etternavn').fill('Nordmann');
    await page.getByRole('checkbox', { name: /angrerett/i }).check();
    await page.getByRole('checkbox', { name: /risiko for tap/i }).check();
    await page.getByTestId('checkout-submit').click();
    await page.waitForURL(`${journey.vipps.url}/recurring-landing/**`);
    const agreement = journey.vipps.recurring.lastAgreement();
    expect(agreement.request).toMatchObject({ pricing: { amount: 500000 }, interval: { unit: 'YEAR', count: 1 } });
    await page.screenshot({ path: `/tmp/vipps-agreement-landing-${width}.png` });
    await page.getByRole('button', { name: 'Godkjenn' }).click();
    await at(page, '/betaling/fullfort');
    await page.getByRole('heading', { name: 'Takk for kjøpet!' }).waitFor({ timeout: 15_000 });

    await page.goto('/dashboard');
    const panel = page.getByTestId('membership-vip');
    await panel.waitFor({ timeout: 10_000 });
    expect(flat(await page.getByTestId('membership-renews').innerText())).toMatch(
      /^Fornyes automatisk \d{1,2}\. \p{L}+ \d{4} for 5\s000 kr \(trekkes fra Vipps, 12 nye måneder\)\. Du kan si opp når som helst før det, her eller i Vipps-appen\./u,
    );
    await journey.checkScreen(page, `vip-page-vipps-${width}`, problems);
    await page.screenshot({ path: `/tmp/vip-page-renewing-vipps-${width}.png`, fullPage: true });

    await panel.getByRole('button', { name: 'Si opp' }).click();
    await panel.getByRole('button', { name: 'Ja, si opp' }).click();
    await panel.getByText(/Vipps-avtalen er stoppet og kan ikke startes igjen/).waitFor();
    expect(agreement.status).toBe('STOPPED');
    expect(await panel.getByRole('button', { name: 'Slå på fornyelse igjen' }).count()).toBe(0);
    await journey.checkScreen(page, `vip-cancelled-vipps-${width}`, problems);
    await page.screenshot({ path: `/tmp/vip-page-cancelled-vipps-${width}.png`, fullPage: true });
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
