/**
 * Certificates in the browser (issue 17): a student completes a paid course in the player, gives the
 * name the certificate carries, downloads the PDF and opens its public verification page. On the
 * production build: `npm run build` first, then
 * `npx jest --config e2e/jest.browser.config.js e2e/browser/certificate.spec.ts`.
 */
import type { Page } from 'playwright-core';
import { Certificate } from '../../backend/src/certificates/entities/certificate.entity';
import { isPdf, pdfText } from '../api/support/pdf-text';
import { at, login, downloaded } from './support/site';
import { useBrowserJourney } from './support/journey';
import { seedKryptoStudent } from './support/buyers';

const journey = useBrowserJourney({ db: true });

/** A student without a name who owns Kryptovaluta (one module), straight in the server's database. */
const seedStudent = () => seedKryptoStudent(journey, 'sertifikat');

async function signedIn(email: string, password: string): Promise<{ page: Page; errors: string[] }> {
  const ctx = await journey.newContext(1280);
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  await page.goto('/login');
  await login(page, email, password);
  await at(page, '/dashboard');
  return { page, errors };
}

describe('certificate', () => {
  it('completing a paid course issues a certificate: name form, PDF download, public verification', async () => {
    const s = await seedStudent();
    const { page, errors } = await signedIn(s.email, s.password);
    // Nothing to show before the course is done.
    await page.getByRole('heading', { name: 'Mine kurs' }).waitFor();
    expect(await page.getByTestId('certificates').count()).toBe(0);

    await page.locator('a[data-course="kryptovaluta"]').click();
    await at(page, '/course/kryptovaluta');
    await page.getByRole('button', { name: 'Marker som fullført' }).click();
    await page.getByRole('heading', { name: 'Kurs fullført!' }).waitFor();
    await page.getByText('Sertifikatet ditt ligger klart på dashboardet.').waitFor();

    await page.getByRole('link', { name: 'Tilbake til dashboard' }).click();
    await at(page, '/dashboard');
    const section = page.getByTestId('certificates');
    await section.waitFor();
    // No name on the account yet: the form asks for it, and there is no download until then.
    expect(await section.getByRole('link', { name: 'Last ned sertifikat (PDF)' }).count()).toBe(0);
    await section.getByRole('button', { name: 'Lagre navn' }).click();
    await section.getByRole('alert').waitFor();
    expect(await section.getByRole('alert').innerText()).toBe('Skriv inn fornavnet ditt');

    await section.getByLabel('Fornavn').fill('  Kari ');
    await section.getByLabel('Etternavn').fill('Nordmann');
    await section.getByRole('button', { name: 'Lagre navn' }).click();
    const download = section.getByRole('link', { name: 'Last ned sertifikat (PDF)' });
    await download.waitFor();

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^kursbevis-kryptovaluta-[0-9A-Z-]+\.pdf$/);
    const pdf = await downloaded(file);
    expect(isPdf(pdf)).toBe(true);
    const text = pdfText(pdf);
    expect(text).toContain('Kursbevis');
    expect(text).toContain('Kari Nordmann');
    expect(text).toContain('Kryptovaluta');
    const code = /[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(text)?.[0];
    expect(code).toBeDefined();

    await section.getByRole('link', { name: 'Se bekreftelsessiden' }).click();
    await at(page, `/sertifikat/${code}`);
    const verified = page.getByTestId('certificate-verification');
    await verified.getByRole('heading', { name: 'Sertifikatet er gyldig' }).waitFor();
    const facts = await verified.innerText();
    expect(facts).toContain('Kari Nordmann');
    expect(facts).toContain('Kryptovaluta');
    expect(facts).toContain(code!);
    expect(facts).not.toContain(s.email);

    // Anyone can check it (a new context, not signed in); an unknown code says so.
    const anon = await journey.newContext(390, { height: 844 });
    const visitor = await anon.newPage();
    await visitor.goto(`/sertifikat/${code}`);
    await visitor.getByRole('heading', { name: 'Sertifikatet er gyldig' }).waitFor();
    await visitor.goto('/sertifikat/AAAA-BBBB-CCCC-DDDD');
    await visitor.getByRole('heading', { name: 'Fant ikke sertifikatet' }).waitFor();

    // Revoked because the access ended (a refund or a revoke; the API suite covers those paths): the page says why.
    await journey.db
      .getRepository(Certificate)
      .update({ code: code! }, { revokedAt: new Date('2026-06-01T10:00:00.000Z'), revokedReason: 'access' });
    await visitor.goto(`/sertifikat/${code}`);
    const revoked = visitor.getByTestId('certificate-verification');
    await revoked.getByRole('heading', { name: 'Sertifikatet er trukket tilbake' }).waitFor();
    expect(await revoked.getByTestId('revoked-reason').innerText()).toBe(
      'Sertifikatet er trukket tilbake fordi tilgangen til kurset er avsluttet.',
    );
    expect(await revoked.innerText()).toContain('1. juni 2026');
    await anon.close();
    expect(errors).toEqual([]);
  });
});
