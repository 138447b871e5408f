/**
 * 'E-post' → 'Utsendelser' in the admin panel: a visitor ticks the marketing box on the home page and
 * confirms it from the mail (the link opens a page with a button; opening it alone confirms nothing);
 * the mentor writes a broadcast in Markdown, sees the recipient count and the preview, sends a test
 * to herself, and sends it: the subscriber gets it with a one-click unsubscribe, the panel shows it
 * as sent, and an address without consent gets nothing.
 *
 * Needs the production builds: `npm run build` (frontend, admin, backend).
 */
import type { Page } from 'playwright-core';
import { linkIn } from '../api/support/smtp-sink';
import { signInToAdmin } from './support/admin';
import { signUpFree, uniqueEmail } from './support/site';
import { ADMIN, useBrowserJourney } from './support/journey';

const SUBJECT = 'Nyhetsbrev: tre tips for uka';

describe("admin panel: 'Utsendelser' (broadcasts)", () => {
  let page: Page;
  const errors: string[] = [];
  const subscriber = uniqueEmail('abonnent');
  const noConsent = uniqueEmail('uten-samtykke');

  const journey = useBrowserJourney({ mail: true, env: { MARKETING_POLL_INTERVAL_MS: '300' } });

  beforeAll(async () => {
    // A visitor ticks the box on the home page's free sign-up…
    const ctx = await journey.newContext(1280, { consent: false });
    const visitor = await ctx.newPage();
    await visitor.goto('/');
    const form = visitor.getByTestId('lead-form').first();
    // Hydrated: the empty form's button is disabled by the script.
    await form.locator('button[type=submit][disabled]').waitFor();
    await form.locator('input[type=email]').fill(subscriber);
    await form.getByText('Ja takk, send meg gratis tips og tilbud på e-post. Du kan melde deg av når som helst.').click();
    expect(await form.getByTestId('marketing-consent').isChecked()).toBe(true);
    await form.locator('button[type=submit]').click();
    // …and confirms from the mail (double opt-in).
    const confirm = await journey.sink.waitFor((m) => m.to.includes(subscriber) && m.subject.startsWith('Bekreft'), 15_000);
    const link = linkIn(confirm.text, `${journey.server.url}/api/marketing/confirm?`);
    // A mail scanner fetching the link (e.g. Outlook Safe Links) confirms nothing: the page only asks.
    const scanned = await fetch(link);
    expect(scanned.status).toBe(200);
    expect(await scanned.text()).not.toContain('Takk, du er påmeldt!');
    await visitor.goto(link);
    const button = visitor.getByRole('button', { name: 'Bekreft påmeldingen' });
    await button.waitFor();
    expect(await visitor.getByText('Takk, du er påmeldt!').count()).toBe(0);
    // Still pending after both GETs: opening the link again still asks (a subscribed address is thanked at once).
    expect(await (await fetch(link)).text()).toContain('Bekreft påmeldingen</button>');
    await button.click();
    await visitor.getByText('Takk, du er påmeldt!').waitFor();
    expect(await (await fetch(link)).text()).toContain('Takk, du er påmeldt!');
    await ctx.close();
    // Someone who signed up without ticking it.
    expect((await signUpFree(journey.server.url, noConsent)).status).toBe(200);

    ({ page } = await journey.newPage(1280, { consent: false, problems: errors }));
    await signInToAdmin(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/admin\/?$/);
  });

  it('writes a broadcast with a live recipient count and preview, tests it, sends it; the subscriber gets it once', async () => {
    await page.getByRole('menuitem', { name: 'Utsendelser' }).click();
    await page.waitForURL(/\/admin\/broadcasts/);
    // The empty list invites making the first one.
    await page
      .getByRole('link', { name: /^(Ny utsendelse|Opprett)$/ })
      .first()
      .click();
    await page.waitForURL(/\/admin\/broadcasts\/create/);
    await page.getByRole('textbox', { name: 'Emne' }).fill(SUBJECT);
    await page
      .getByLabel('Tekst (Markdown)')
      .fill('Hei!\n\n**Tips 1:** planlegg handelen.\n\n[Les mer](https://example.no/blogg)');
    await page.getByTestId('recipient-count').getByText('1', { exact: true }).waitFor();
    const preview = page.frameLocator('[data-testid=broadcast-preview]');
    await preview.getByText('planlegg handelen.').waitFor();
    expect(await preview.locator('strong', { hasText: 'Tips 1:' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Lagre' }).click();
    await page.waitForURL(/\/admin\/broadcasts\/\d+\/show$/);

    // A test to herself (her own address is filled in).
    await page.getByRole('button', { name: 'Send test' }).click();
    const test = await journey.sink.waitFor((m) => m.to.includes(ADMIN.email) && m.subject === `[Test] ${SUBJECT}`, 15_000);
    expect(test.text).toContain('Les mer (https://example.no/blogg?utm_source=nyhetsbrev');
    expect(journey.sink.messages.some((m) => m.subject === SUBJECT)).toBe(false);

    await page.getByRole('button', { name: 'Send nå' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send nå' }).click();
    const got = await journey.sink.waitFor((m) => m.to.includes(subscriber) && m.subject === SUBJECT, 20_000);
    expect(got.headers['list-unsubscribe']).toContain(`${journey.server.url}/api/unsubscribe?`);
    expect(got.headers['list-unsubscribe']).toContain('mailto:');
    expect(got.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(got.text).toContain('Meld deg av her');
    await page.getByTestId('count-Status').getByText('Sendt').waitFor({ timeout: 20_000 });
    await page.getByTestId('count-Sendt').getByText('1', { exact: true }).waitFor();
    expect(journey.sink.messages.filter((m) => m.subject === SUBJECT).flatMap((m) => m.to)).toEqual([subscriber]);
    expect(journey.sink.messages.some((m) => m.to.includes(noConsent) && m.subject === SUBJECT)).toBe(false);
    expect(errors).toEqual([]);
  });
});
