/**
 * A visitor's first contact (issue 22), clicked through at a phone's width (where visitors mostly are),
 * each screen also rendered at a computer's width (axe, nothing past the edge, a screenshot):
 * a landing page, the cookie choice, the free sign-up's lead form, the Starter player at once, the
 * welcome mail's sign-in link, a password, and the Starter player signed in. On the production build:
 * `npm run build` first, then `npx jest --config e2e/jest.browser.config.js e2e/browser/journey-visitor.spec.ts`.
 */
import { isWelcome, welcomeLink } from './support/mail';
import { at, uniqueEmail } from './support/site';
import { atOtherWidth, PHONE, useBrowserJourney } from './support/journey';

describe('the visitor who signs up free, on a phone', () => {
  const width = PHONE;
  const journey = useBrowserJourney({ mail: true });

  it('landing → cookie choice → lead form → Starter player at once → welcome mail link → password → Starter signed in', async () => {
    const ctx = await journey.newContext(width, { consent: false });
    await ctx.route(/^https:\/\/(i\.ytimg\.com|www\.youtube-nocookie\.com)\//, (r) => r.fulfill({ status: 204, body: '' }));
    const page = await ctx.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('dialog', (d) => {
      problems.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });
    const urls: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) urls.push(f.url());
    });
    const email = uniqueEmail('besoker');

    // Variant A, from a newsletter. The cookie banner asks; nothing optional is on unless chosen.
    await page.goto('/gratis-trading-kurs?utm_source=nyhetsbrev');
    const banner = page.getByTestId('cookie-banner');
    await banner.waitFor();
    await atOtherWidth(page, 'landing with the cookie banner', problems);
    await banner.getByRole('button', { name: 'Tilpass' }).click();
    const dialog = page.getByRole('dialog');
    await atOtherWidth(page, 'cookie settings', problems);
    for (const name of ['Funksjonelle', 'Statistikk', 'Markedsføring']) {
      expect(await dialog.getByRole('switch', { name: new RegExp(`^${name}`) }).isChecked()).toBe(false);
    }
    await dialog.getByRole('button', { name: 'Lagre innstillinger' }).click();
    await banner.waitFor({ state: 'detached' });

    // The hero's lead form: the free sign-up.
    const form = page.getByTestId('lead-form').first();
    await form.getByLabel('E-postadresse').fill(email);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/create-user'));
    await form.getByRole('button', { name: 'FÅ GRATIS TILGANG' }).click();
    expect((await answered).status()).toBe(200);
    const answeredAt = Date.now();

    // On at once to the Starter player, signed out, told the sign-in link is in the mail; no address in a URL.
    await at(page, '/course/starter', { timeout: 5000 });
    expect(Date.now() - answeredAt).toBeLessThan(1500);
    await page.getByTestId('player-notice').waitFor();
    await atOtherWidth(page, 'Starter player signed out', problems);
    expect(await page.getByTestId('player-notice').innerText()).toContain('innloggingslenke på e-post');
    expect(urls.filter((u) => decodeURIComponent(u).includes(email))).toEqual([]);

    // The welcome mail: its one-time link signs in (and proves the address), and asks for a password.
    const mail = await journey.sink.waitFor(isWelcome(email), 15_000);
    expect(mail.html).toContain('background:#0f7d58');
    const link = await welcomeLink(journey.sink, journey.server.url, email);
    await page.goto(link);
    await at(page, '/account/settings', { timeout: 10_000 });
    await page.getByRole('heading', { name: 'Sett passord' }).waitFor();
    await atOtherWidth(page, 'first password', problems);
    const passwords = page.locator('input[type="password"]');
    await passwords.nth(0).fill('mitt-eget-passord');
    await passwords.nth(1).fill('mitt-eget-passord');
    await page.getByRole('button', { name: 'Sett passord' }).click();
    await page.getByText('Passord satt! Du kan nå logge inn med ditt nye passord.', { exact: true }).waitFor();
    // Then Mine kurs, and the Starter player, signed in now.
    await at(page, '/dashboard', { timeout: 10_000 });
    await page.locator('main a[href="/course/starter"]').first().waitFor();
    await atOtherWidth(page, 'dashboard', problems);
    await page.locator('main a[href="/course/starter"]').first().click();
    await at(page, '/course/starter');
    await page.getByRole('button', { name: 'Marker som fullført' }).waitFor();
    await atOtherWidth(page, 'Starter player signed in', problems);
    const me = await page.evaluate(() => fetch('/api/auth/me').then((r) => r.json()));
    expect(me).toMatchObject({ email, passwordSet: true });
    expect(problems).toEqual([]);
    await ctx.close();
  });
});
