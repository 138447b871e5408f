/**
 * VIP that renews by itself (issue 39; docs/decisions.md "Automatic renewal"), on the fake Stripe at
 * 390 and 1366 px with axe: at checkout «Forny automatisk hvert år» is not ticked, and ticked it states
 * the price, the interval, the first renewal date and how to cancel before the button; after the
 * purchase the VIP page on the dashboard shows the renewal, «Si opp» asks first and then says the
 * membership ends, and «Slå på fornyelse igjen» brings it back; the same VIP page in the account
 * settings (`/account/settings#membership-vip`, opened at the section) does the same. Screenshots go to /tmp.
 * Each journey is clicked through on a phone (390 px), each screen also rendered at 1366 px.
 *
 * On the same server, the third contact's VIP renewal, the player's search and quizzes:
 * - the order page: the renewal tick taken off (and said so) when Klarna is chosen, the button says
 *   what it buys, the server's own refusal shown; a member whose VIP renews sees her renewal instead
 *   of a second year (docs/decisions.md "Automatic renewal");
 * - the VIP panel keeps the focus and announces the new status after «Si opp», «Nei, behold
 *   fornyelsen», «Ja, si opp» and «Slå på fornyelse igjen»;
 * - a search hit in the player brings the new lesson's heading into view and focuses it;
 * - a quiz failed three times waits, without naming the wrong questions; the dashboard says a quiz
 *   remains when every module is done.
 * Run `npm run build` first, then `npx jest --config e2e/jest.browser.config.js e2e/browser/vip-renewal.spec.ts`.
 */
import type { Page } from 'playwright-core';
import { Quiz } from '../../backend/src/access/quiz/entities/quiz.entity';
import { CourseModule } from '../../backend/src/catalog/entities/course-module.entity';
import { signWebhook, stripeEvent } from '../api/support/fake-stripe';
import { openBuyer, seedStudent } from './support/buyers';
import { atOtherWidth, PHONE, useBrowserJourney } from './support/journey';
import { at, login } from './support/site';

const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

/** One server (the fake Stripe) for the card renewal and the third contact's VIP, search and quizzes. */
const journey = useBrowserJourney({ fakes: { stripe: true }, db: true });

describe('VIP that renews: checkout disclosure, the VIP page and «Si opp» (fake Stripe)', () => {
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

  it('on a phone, each screen also on a computer', async () => {
    const width = PHONE;
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
    await atOtherWidth(page, 'checkout-vip', problems);

    await box.check();
    const said = flat(await terms.innerText());
    expect(said).toMatch(/VIP fornyes automatisk hvert år \(hver 12\. måned\) for 5\s000 kr/);
    expect(said).toMatch(/Første fornyelse er \d{1,2}\. \p{L}+ \d{4}/u);
    expect(said).toContain('si opp når som helst på VIP-siden i kursoversikten («Si opp», så bekrefter du)');
    // Stated before the button.
    expect(await before(page, '[data-testid="checkout-autorenew-terms"]', '[data-testid="checkout-submit"]')).toBe(true);
    await journey.checkScreen(page, `checkout-vip-renew-${width}`, problems);
    await atOtherWidth(page, 'checkout-vip-renew', problems);
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
    await atOtherWidth(page, 'vip-page', problems);
    await page.screenshot({ path: `/tmp/vip-page-renewing-${width}.png`, fullPage: true });

    // «Si opp»: one click and a confirmation.
    await panel.getByRole('button', { name: 'Si opp' }).click();
    await panel.getByRole('button', { name: 'Ja, si opp' }).waitFor();
    expect(flat(await panel.innerText())).toMatch(/Vil du si opp\? VIP fornyes da ikke, og medlemskapet slutter/);
    await journey.checkScreen(page, `vip-cancel-confirm-${width}`, problems);
    await atOtherWidth(page, 'vip-cancel-confirm', problems);
    await page.screenshot({ path: `/tmp/vip-cancel-confirm-${width}.png`, fullPage: true });
    await panel.getByRole('button', { name: 'Ja, si opp' }).click();
    await panel.getByText(/Du har sagt opp fornyelsen\. Medlemskapet varer til .+ og slutter da\./).waitFor();
    expect(journey.stripe.subscriptions.get(journey.stripe.sessions.get(session.id)!.subscription!)!.cancel_at_period_end).toBe(
      true,
    );
    await journey.checkScreen(page, `vip-cancelled-${width}`, problems);
    await atOtherWidth(page, 'vip-cancelled', problems);
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
    await atOtherWidth(page, 'vip-settings', problems);
    await page.screenshot({ path: `/tmp/vip-settings-renewing-${width}.png`, fullPage: true });

    await settings.getByRole('button', { name: 'Si opp' }).click();
    await settings.getByRole('button', { name: 'Ja, si opp' }).waitFor();
    await journey.checkScreen(page, `vip-settings-confirm-${width}`, problems);
    await atOtherWidth(page, 'vip-settings-confirm', problems);
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
    await atOtherWidth(page, 'vip-settings-resumed', problems);
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
  // Its own server: Vipps as well as Stripe.
  const vippsJourney = useBrowserJourney({ fakes: { stripe: true, vipps: true }, db: true });

  const student = () => seedStudent(vippsJourney, 'vippsfornyer');

  it('on a phone, each screen also on a computer', async () => {
    const width = PHONE;
    const { page, problems } = await openBuyer(vippsJourney, width);
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
    await vippsJourney.checkScreen(page, `checkout-vip-renew-vipps-${width}`, problems);
    await atOtherWidth(page, 'checkout-vip-renew-vipps', problems);
    await page.screenshot({ path: `/tmp/checkout-vip-renew-vipps-${width}.png`, fullPage: true });

    await page.getByLabel('Fornavn').fill('Kari');
    await page.getByLabel('Etternavn').fill('Nordmann');
    await page.getByRole('checkbox', { name: /angrerett/i }).check();
    await page.getByRole('checkbox', { name: /risiko for tap/i }).check();
    await page.getByTestId('checkout-submit').click();
    await page.waitForURL(`${vippsJourney.vipps.url}/recurring-landing/**`);
    const agreement = vippsJourney.vipps.recurring.lastAgreement();
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
    await vippsJourney.checkScreen(page, `vip-page-vipps-${width}`, problems);
    await atOtherWidth(page, 'vip-page-vipps', problems);
    await page.screenshot({ path: `/tmp/vip-page-renewing-vipps-${width}.png`, fullPage: true });

    await panel.getByRole('button', { name: 'Si opp' }).click();
    await panel.getByRole('button', { name: 'Ja, si opp' }).click();
    await panel.getByText(/Vipps-avtalen er stoppet og kan ikke startes igjen/).waitFor();
    expect(agreement.status).toBe('STOPPED');
    expect(await panel.getByRole('button', { name: 'Slå på fornyelse igjen' }).count()).toBe(0);
    await vippsJourney.checkScreen(page, `vip-cancelled-vipps-${width}`, problems);
    await atOtherWidth(page, 'vip-cancelled-vipps', problems);
    await page.screenshot({ path: `/tmp/vip-page-cancelled-vipps-${width}.png`, fullPage: true });
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

/** The focused element: its tag, its text and whether it is inside the window. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const r = el?.getBoundingClientRect();
    return {
      tag: el?.tagName ?? '',
      text: (el?.textContent ?? '').replace(/\s+/g, ' ').trim(),
      inView: !!r && r.top >= 0 && r.bottom <= window.innerHeight,
    };
  });

describe('VIP renewal, the player search and quizzes (fake Stripe)', () => {
  async function deliver(type: string, object: unknown): Promise<void> {
    const { body, signature } = signWebhook(stripeEvent(type, object));
    const res = await fetch(`${journey.server.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body,
    });
    expect(res.status).toBe(200);
  }

  it('VIP at checkout and on the VIP page on a phone, each screen also on a computer', async () => {
    const width = PHONE;
    const { page, problems } = await openBuyer(journey, width);
    const { email, password } = await seedStudent(journey, `vip3-${width}`);
    await page.goto('/login');
    await login(page, email, password);
    await at(page, '/dashboard');

    await page.goto('/bestill?course=vip');
    const box = page.getByRole('checkbox', { name: 'Forny automatisk hvert år' });
    await box.waitFor();
    const submit = page.getByTestId('checkout-submit');
    expect(flat(await submit.innerText())).toBe('BETAL 5 000,- FOR 12 MÅNEDER');
    await box.check();
    expect(flat(await submit.innerText())).toBe('BETAL 5 000,- OG FORNY HVERT ÅR');
    const terms = page.getByTestId('checkout-autorenew-terms');
    expect(flat(await terms.innerText())).toContain(
      'si opp når som helst på VIP-siden i kursoversikten («Si opp», så bekrefter du)',
    );
    expect(flat(await terms.innerText())).not.toContain('ett klikk');
    // Klarna cannot renew: the tick is taken off and said so, and card brings it back unticked.
    await page.getByRole('radio', { name: /Klarna/ }).check();
    expect(flat(await terms.innerText())).toContain('Avkrysningen for automatisk fornyelse er tatt bort');
    await page.getByRole('radio', { name: /^Kort/ }).check();
    expect(await box.isChecked()).toBe(false);
    expect(flat(await terms.innerText())).toContain('Avkrysningen for automatisk fornyelse er tatt bort');
    expect(flat(await submit.innerText())).toBe('BETAL 5 000,- FOR 12 MÅNEDER');
    await journey.checkScreen(page, `vip3-checkout-cleared-${width}`, problems);
    await atOtherWidth(page, 'vip3-checkout-cleared', problems);
    await page.screenshot({ path: `/tmp/vip3-checkout-cleared-${width}.png`, fullPage: true });
    await box.check();

    await page.getByLabel('Fornavn').fill('Kari');
    await page.getByLabel('Etternavn').fill('Nordmann');
    await page.getByRole('checkbox', { name: /angrerett/i }).check();
    await page.getByRole('checkbox', { name: /risiko for tap/i }).check();
    // A refusal of the server reaches the page in its own words (here the one of a running renewal).
    const refusal = 'Medlemskapet ditt fornyes allerede automatisk 29. oktober 2027 for 5 000 kr (med kortet ditt).';
    await page.route(
      '**/api/checkout/sessions',
      (route) =>
        route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'ALREADY_RENEWING', message: refusal }),
        }),
      { times: 1 },
    );
    await submit.click();
    await page.getByRole('alert').filter({ hasText: refusal }).waitFor();
    await submit.click();
    await page.waitForURL('https://checkout.stripe.test/**');
    const session = journey.stripe.lastSession();
    expect(session).toMatchObject({ mode: 'subscription' });
    journey.stripe.pay(session.id);
    await deliver('checkout.session.completed', journey.stripe.sessions.get(session.id));

    // The VIP page: focus and the live region after each step.
    await page.goto('/account/settings#membership-vip');
    const panel = page.getByTestId('membership-vip');
    await panel.getByRole('button', { name: 'Si opp' }).waitFor({ timeout: 10_000 });
    const announce = panel.getByTestId('membership-announce');
    await panel.getByRole('button', { name: 'Si opp' }).click();
    expect(await focused(page)).toMatchObject({ tag: 'P', text: expect.stringMatching(/^Vil du si opp\?/) });
    await panel.getByRole('button', { name: 'Nei, behold fornyelsen' }).click();
    expect(await focused(page)).toMatchObject({ tag: 'BUTTON', text: 'Si opp' });
    expect(await announce.innerText()).toBe('Fornyelsen er beholdt.');
    await panel.getByRole('button', { name: 'Si opp' }).click();
    await panel.getByRole('button', { name: 'Ja, si opp' }).click();
    await panel.getByText(/^Du har sagt opp fornyelsen\./).waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'membership-renews');
    expect(flat(await announce.innerText())).toMatch(
      /^Fornyelsen er sagt opp\. Medlemskapet varer til .+ og slutter da\. Du får en bekreftelse på e-post\.$/,
    );
    await journey.checkScreen(page, `vip3-cancelled-${width}`, problems);
    await atOtherWidth(page, 'vip3-cancelled', problems);
    await page.screenshot({ path: `/tmp/vip3-cancelled-${width}.png` });
    await panel.getByRole('button', { name: 'Slå på fornyelse igjen' }).click();
    await panel.getByRole('button', { name: 'Si opp' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'membership-renews');
    expect(flat(await announce.innerText())).toMatch(
      /^Fornyelsen er slått på igjen: VIP fornyes automatisk .+ for 5\s000 kr\. Du får en bekreftelse på e-post\.$/,
    );
    expect(await focused(page)).toMatchObject({ text: expect.stringMatching(/^Fornyes automatisk/) });

    // Renewing: the order page shows the renewal instead of a second year.
    // (This tab still holds the paid order's draft, which sends a visit to the order page to its
    // confirmation: a later visit starts without it.)
    await page.evaluate(() => window.sessionStorage.removeItem('bestilling-utkast'));
    await page.goto('/bestill?course=vip');
    const renewing = page.getByTestId('checkout-renewing');
    await renewing.waitFor({ timeout: 10_000 });
    expect(flat(await renewing.innerText())).toMatch(
      /^VIP fornyes allerede automatisk \d{1,2}\. \p{L}+ \d{4} for 5\s000 kr \(trekkes fra kortet ditt\)\. Da får du 12 nye måneder/u,
    );
    expect(await page.getByRole('checkbox', { name: 'Forny automatisk hvert år' }).count()).toBe(0);
    expect(await submit.isDisabled()).toBe(true);
    await journey.checkScreen(page, `vip3-checkout-renewing-${width}`, problems);
    await atOtherWidth(page, 'vip3-checkout-renewing', problems);
    await page.screenshot({ path: `/tmp/vip3-checkout-renewing-${width}.png`, fullPage: true });

    // The receipt states the renewal's terms.
    await renewing.getByRole('link', { name: 'Gå til VIP-siden →' }).click();
    await panel.getByText(/Kvitteringer \(1\)/).click();
    const receiptHref = await panel.getByRole('link', { name: /^Kvittering nr\./ }).getAttribute('href');
    const orderId = /\/api\/orders\/(\d+)\//.exec(receiptHref ?? '')![1];
    await page.goto(`/kvittering/${orderId}`);
    const stated = page.getByTestId('receipt-renewal-terms');
    await stated.waitFor({ timeout: 10_000 });
    expect(flat(await stated.innerText())).toMatch(
      /^Automatisk fornyelse: VIP fornyes hvert år \(hver 12\. måned\) for 5\s000 kr/,
    );
    await journey.checkScreen(page, `vip3-receipt-${width}`, problems);
    await atOtherWidth(page, 'vip3-receipt', problems);
    await page.screenshot({ path: `/tmp/vip3-receipt-${width}.png`, fullPage: true });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('a quiz that waits, the dashboard that says so, and a search hit in the player on a phone, each screen also on a computer', async () => {
    const width = PHONE;
    const crypto = await journey.db
      .getRepository(CourseModule)
      .findOneOrFail({ where: { courseId: 'kryptovaluta', published: true } });
    if (!(await journey.db.getRepository(Quiz).exists({ where: { moduleId: crypto.id } }))) {
      const now = new Date();
      await journey.db.getRepository(Quiz).insert({
        moduleId: crypto.id,
        passPercent: 100,
        version: 1,
        createdAt: now,
        updatedAt: now,
        questions: [
          {
            text: 'Hva gjør en stop-loss?',
            explanation: 'Den lukker handelen ved et tap du har bestemt på forhånd.',
            choices: [
              { text: 'Øker gevinsten', correct: false },
              { text: 'Begrenser tapet', correct: true },
            ],
          },
        ],
      });
    }
    const { page, problems } = await openBuyer(journey, width);
    const { email, password } = await seedStudent(journey, `quiz3-${width}`, { courses: ['kryptovaluta', 'foundation'] });
    await page.goto('/login');
    await login(page, email, password);
    await at(page, '/dashboard');

    await page.goto('/course/kryptovaluta');
    await page.getByRole('button', { name: 'Marker som fullført' }).click();
    await page.getByRole('button', { name: 'Fullført', exact: true }).waitFor();
    const quiz = page.getByTestId('module-quiz');
    await quiz.getByRole('radio', { name: 'Øker gevinsten' }).check();
    await quiz.getByRole('button', { name: 'Send svar' }).click();
    await quiz.getByRole('heading', { name: 'Ikke bestått: 0 % riktig' }).waitFor();
    const text = flat(await quiz.innerText());
    expect(text).toContain('Hvilke svar som var feil, får du vite når du har bestått');
    expect(text).not.toContain('Den lukker handelen');
    expect(text).not.toContain('Ikke riktig.');
    // Two more failures (as a guesser would send them): the next attempt waits.
    for (let i = 0; i < 2; i++) {
      const res = await page.request.post(`/api/courses/kryptovaluta/modules/${crypto.id}/quiz/attempts`, {
        headers: { 'x-requested-with': 'fetch' },
        data: { answers: [[0]] },
      });
      expect(res.status()).toBe(201);
    }
    await page.reload();
    await quiz.getByTestId('quiz-wait').waitFor({ timeout: 10_000 });
    expect(flat(await quiz.getByTestId('quiz-wait').innerText())).toMatch(/Neste forsøk kan sendes kl\. \d{2}:\d{2}\./);
    expect(await quiz.getByRole('button', { name: 'Send svar' }).isDisabled()).toBe(true);
    await journey.checkScreen(page, `quiz3-wait-${width}`, problems);
    await atOtherWidth(page, 'quiz3-wait', problems);
    await page.screenshot({ path: `/tmp/quiz3-wait-${width}.png`, fullPage: true });

    // Every module done, the quiz open: the dashboard says a quiz remains.
    await page.goto('/dashboard');
    const card = page.locator('a[data-course="kryptovaluta"]');
    await card.getByTestId('course-quiz-open').waitFor({ timeout: 10_000 });
    expect(flat(await card.getByTestId('course-quiz-open').innerText())).toBe(
      'Alle moduler fullført · 1 quiz gjenstår for kursbeviset',
    );
    await journey.checkScreen(page, `quiz3-dashboard-${width}`, problems);
    await atOtherWidth(page, 'quiz3-dashboard', problems);
    await page.screenshot({ path: `/tmp/quiz3-dashboard-${width}.png`, fullPage: true });

    // A search hit in the player: the new lesson's heading in view, and focused.
    const modules = await journey.db
      .getRepository(CourseModule)
      .find({ where: { courseId: 'foundation', published: true }, order: { position: 'ASC' } });
    const target = modules[5];
    const word = target.title.split(/[^\p{L}\p{N}]+/u).sort((a, b) => b.length - a.length)[0];
    await page.goto('/course/foundation');
    const search = page.getByTestId('lesson-search');
    await search.getByRole('searchbox').fill(word);
    await search.getByRole('button', { name: 'Søk' }).click();
    const hit = search.locator('li.lesson-search__module').filter({ hasText: target.title }).getByTestId('search-hit').first();
    await hit.click();
    await page.waitForURL((u) => u.searchParams.get('modul') === String(target.id));
    await page.waitForFunction((title) => document.activeElement?.textContent?.trim() === title, target.title);
    // (The page scrolls smoothly: the heading arrives in view.)
    await page.waitForFunction(() => {
      const r = document.activeElement?.getBoundingClientRect();
      return !!r && r.top >= 0 && r.bottom <= window.innerHeight;
    });
    expect(await focused(page)).toEqual({ tag: 'H1', text: target.title, inView: true });
    await journey.checkScreen(page, `search3-hit-${width}`, problems);
    await atOtherWidth(page, 'search3-hit', problems);
    await page.screenshot({ path: `/tmp/search3-hit-${width}.png` });
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
