/**
 * Forgotten password (issue 7): from /login through the e-mail (received by a local SMTP server)
 * to a signed-in dashboard. Run `npm run build` first, then `npm run test:browser -w e2e -- mail`.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { linkIn } from '../api/support/smtp-sink';
import { welcomeLink } from './support/mail';
import { login, signUpFree } from './support/site';
import { useBrowserJourney } from './support/journey';

const NEUTRAL =
  'Hvis e-postadressen er registrert hos oss, får du snart en e-post med en lenke for å lage nytt passord. Lenken gjelder i 1 time.';

const journey = useBrowserJourney({ mail: true });

async function open(): Promise<{ ctx: BrowserContext; page: Page; errors: string[] }> {
  const ctx = await journey.newContext(390, { height: 844 });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return { ctx, page, errors };
}

/** A free sign-up through the API: a passwordless account, and the one-time sign-in link of its welcome mail. */
async function signUp(email: string): Promise<string> {
  const res = await signUpFree(journey.server.url, email, 'A');
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.json)}`);
  return welcomeLink(journey.sink, journey.server.url, email);
}

it('forgotten password: /login → Glemt passord? → e-mail link → new password → signed in on /dashboard; other devices signed out', async () => {
  const email = `glemt-${Date.now().toString(36)}@example.no`;
  const welcome = await signUp(email);

  // Another device is signed in already (through the welcome mail's link).
  const other = await open();
  await other.page.goto(welcome);
  await other.page.waitForURL((u) => u.pathname !== '/auto-login' && u.pathname !== '/login');

  const { ctx, page, errors } = await open();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Glemt passord?' }).click();
  await page.waitForURL('**/glemt-passord');
  await page.getByLabel('E-post').fill(email);
  await page.getByRole('button', { name: 'Send lenke' }).click();
  await page.getByText(NEUTRAL).waitFor();

  const mail = await journey.sink.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Nytt passord'), 15_000);
  const link = linkIn(mail.text, `${journey.server.url}/tilbakestill-passord`);
  // The token rides in the fragment (never sent to the server) and leaves the address bar.
  expect(link).toMatch(/\/tilbakestill-passord#token=/);
  await page.goto(link);
  await page.getByRole('heading', { name: 'Lag nytt passord' }).waitFor();
  expect(page.url()).toBe(`${journey.server.url}/tilbakestill-passord`);

  // A mismatch is caught first, with the SPEC text.
  await page.getByLabel('Nytt passord', { exact: true }).fill('nytt-passord-1');
  await page.getByLabel('Bekreft passord', { exact: true }).fill('nytt-passord-2');
  await page.getByRole('button', { name: 'Lagre nytt passord' }).click();
  await page.getByText('Passordene stemmer ikke overens').waitFor();

  await page.getByLabel('Bekreft passord', { exact: true }).fill('nytt-passord-1');
  await page.getByRole('button', { name: 'Lagre nytt passord' }).click();
  await page.getByText('Nytt passord er lagret. Du er nå logget inn.').waitFor();
  await page.waitForURL('**/dashboard', { timeout: 10_000 });
  await page.getByRole('heading', { name: 'Mine kurs' }).waitFor();
  await page.getByText(email).first().waitFor();

  // The other device is signed out.
  await other.page.reload();
  await other.page.waitForURL('**/login**');

  // The link works once (here in the older form, the token in the query: read, then out of the address bar).
  const again = await open();
  await again.page.goto(link.replace('#', '?'));
  expect(again.page.url()).toBe(`${journey.server.url}/tilbakestill-passord`);
  await again.page.getByRole('button', { name: 'Lagre nytt passord' }).waitFor();
  await again.page.getByLabel('Nytt passord', { exact: true }).fill('tredje-passord');
  await again.page.getByLabel('Bekreft passord', { exact: true }).fill('tredje-passord');
  await again.page.getByRole('button', { name: 'Lagre nytt passord' }).click();
  await again.page.getByText('Lenken for nytt passord er ugyldig, brukt eller utløpt. Be om en ny lenke.').waitFor();
  await again.page.getByRole('link', { name: 'Be om ny lenke' }).waitFor();

  // The new password signs in on /login.
  const fresh = await open();
  await fresh.page.goto('/login');
  await login(fresh.page, email, 'nytt-passord-1');
  await fresh.page.waitForURL('**/dashboard');

  expect(errors).toEqual([]);
  await Promise.all([ctx.close(), other.ctx.close(), again.ctx.close(), fresh.ctx.close()]);
});

it('an unknown address gets the same message, and no e-mail is sent', async () => {
  const { ctx, page } = await open();
  const email = `ukjent-${Date.now().toString(36)}@example.no`;
  await page.goto('/glemt-passord');
  await page.getByLabel('E-post').fill(email);
  await page.getByRole('button', { name: 'Send lenke' }).click();
  await page.getByText(NEUTRAL).waitFor();
  // Give the worker (polling every 200 ms) time to send anything it had.
  await new Promise((r) => setTimeout(r, 1000));
  expect(journey.sink.to(email)).toHaveLength(0);
  await ctx.close();
});
