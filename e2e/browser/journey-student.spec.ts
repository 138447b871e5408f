/**
 * A student's way through the member area (issue 22), clicked through at a phone's width (where
 * students mostly are), each screen also rendered at a computer's width (axe, nothing past the edge,
 * a screenshot): sign in, the Starter player to the end, a paid course completed, the name in the account
 * settings, the certificate that carries it and its public verification, and a new password that
 * the next sign-in takes. On the production build: `npm run build` first, then
 * `npx jest --config e2e/jest.browser.config.js e2e/browser/journey-student.spec.ts`.
 */
import type { Page } from 'playwright-core';
import { at, login } from './support/site';
import { atOtherWidth, PHONE, useBrowserJourney } from './support/journey';
import { seedKryptoStudent } from './support/buyers';

/** Marks every module of the open course complete, moving on with 'Neste', until the progress is 100 %. */
async function completeAll(page: Page): Promise<number> {
  const percent = page.getByTestId('progress-percent');
  for (let n = 1; n <= 20; n++) {
    await page.getByRole('button', { name: 'Marker som fullført' }).click();
    await page.getByRole('button', { name: 'Fullført', exact: true }).waitFor();
    if ((await percent.innerText()).trim() === '100%') return n;
    await page.getByRole('button', { name: 'Neste', exact: true }).click();
  }
  throw new Error('the course never reached 100 %');
}

describe('the student, on a phone', () => {
  const width = PHONE;
  const journey = useBrowserJourney({ db: true });

  /** A student with a password and no name who owns Kryptovaluta, straight in the server's database. */
  const seedStudent = () => seedKryptoStudent(journey, 'student');

  it('player → course complete → name in the settings → certificate → new password', async () => {
    const s = await seedStudent();
    const ctx = await journey.newContext(width);
    await ctx.route(/^https:\/\/(i\.ytimg\.com|www\.youtube-nocookie\.com)\//, (r) => r.fulfill({ status: 204, body: '' }));
    const page = await ctx.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('dialog', (d) => {
      problems.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });

    await page.goto('/login');
    await atOtherWidth(page, 'sign-in', problems);
    await login(page, s.email, s.password);
    await at(page, '/dashboard');
    await page.getByRole('heading', { name: 'Mine kurs' }).waitFor();
    await atOtherWidth(page, 'Mine kurs', problems);

    // The free Starter, every module, saved on the server.
    await page.goto('/course/starter');
    await page.getByRole('button', { name: 'Marker som fullført' }).waitFor();
    await atOtherWidth(page, 'Starter player', problems);
    expect(await completeAll(page)).toBeGreaterThanOrEqual(4);
    await page.getByRole('heading', { name: 'Grunnlaget er lagt' }).waitFor();

    // The paid course, to the end.
    await page.goto('/dashboard');
    await page.locator('a[data-course="kryptovaluta"]').click();
    await at(page, '/course/kryptovaluta');
    await completeAll(page);
    await page.getByRole('heading', { name: 'Kurs fullført!' }).waitFor();
    await atOtherWidth(page, 'course complete', problems);

    // The name, in the account settings: the certificate carries it.
    await page.goto('/account/settings');
    const nameSection = page.getByTestId('account-name');
    await nameSection.waitFor();
    await atOtherWidth(page, 'account settings', problems);
    await nameSection.getByLabel('Fornavn').fill('Kari');
    await nameSection.getByLabel('Etternavn').fill('Nordmann');
    await nameSection.getByRole('button', { name: 'Lagre navn' }).click();
    await nameSection.getByText('Navnet er lagret.').waitFor();
    // Kept: a reload shows it.
    await page.reload();
    await page.getByTestId('account-name').waitFor();
    await page.waitForFunction(
      () => (document.querySelector('#account-first-name') as HTMLInputElement | null)?.value === 'Kari',
    );
    expect(await page.locator('#account-last-name').inputValue()).toBe('Nordmann');

    // The certificate on the dashboard, and its public verification page.
    await page.getByRole('link', { name: 'Tilbake til dashboard' }).click();
    await at(page, '/dashboard');
    const certificates = page.getByTestId('certificates');
    await certificates.waitFor();
    await certificates.getByRole('link', { name: 'Last ned sertifikat (PDF)' }).waitFor();
    await atOtherWidth(page, 'dashboard with the certificate', problems);
    await certificates.getByRole('link', { name: 'Se bekreftelsessiden' }).click();
    const verified = page.getByTestId('certificate-verification');
    await verified.getByRole('heading', { name: 'Sertifikatet er gyldig' }).waitFor();
    expect(await verified.innerText()).toContain('Kari Nordmann');
    await atOtherWidth(page, 'certificate verification', problems);

    // The calendar address is renewed after a question in the page, not a native dialog.
    await page.goto('/account/settings');
    const calendar = page.getByTestId('calendar-feed');
    const feed = calendar.getByLabel('Din private kalenderadresse');
    await page.waitForFunction(() => !!(document.querySelector('#calendar-feed-url') as HTMLInputElement | null)?.value);
    const oldFeed = await feed.inputValue();
    await calendar.getByRole('button', { name: 'Lag ny adresse' }).click();
    await calendar.getByRole('button', { name: 'Avbryt' }).click();
    expect(await calendar.getByRole('button', { name: 'Ja, lag ny adresse' }).count()).toBe(0);
    expect(await feed.inputValue()).toBe(oldFeed);
    await calendar.getByRole('button', { name: 'Lag ny adresse' }).click();
    await calendar.getByRole('button', { name: 'Ja, lag ny adresse' }).click();
    await calendar.getByText('Ny adresse laget. Den gamle virker ikke lenger.').waitFor();
    await page.waitForFunction(
      (old) => (document.querySelector('#calendar-feed-url') as HTMLInputElement | null)?.value !== old,
      oldFeed,
    );

    // A new password: the next sign-in takes it, the old one no longer.
    await page.getByLabel('Nåværende passord', { exact: true }).fill(s.password);
    await page.getByLabel('Nytt passord', { exact: true }).fill('et-nytt-passord-9');
    await page.getByLabel('Bekreft nytt passord', { exact: true }).fill('et-nytt-passord-9');
    await page.getByRole('button', { name: 'Oppdater passord' }).click();
    await page.getByText('Passord oppdatert!', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Tilbake til dashboard' }).click();
    await at(page, '/dashboard');
    await page.getByRole('button', { name: 'Logg ut' }).click();
    await at(page, '/');
    await page.goto('/login');
    await atOtherWidth(page, 'sign-in', problems);
    await login(page, s.email, s.password);
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').innerText()).toBe('Ugyldig e-post eller passord');
    await login(page, s.email, 'et-nytt-passord-9');
    await at(page, '/dashboard');
    expect(problems).toEqual([]);
    await ctx.close();
  });
});
