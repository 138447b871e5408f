/**
 * Inclusion in the browser (issue 22): a paid Accelerator opens Foundation; the admin panel shows the
 * included grant with where it comes from (and no revoke of its own), and revoking Accelerator takes
 * Foundation along. Needs the production builds: `npm run build` (frontend, admin, backend).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { signInToAdmin } from './support/admin';
import { uniqueEmail } from './support/site';
import { ADMIN, useBrowserJourney } from './support/journey';

describe('Accelerator includes Foundation', () => {
  let student: BrowserContext;
  let page: Page;
  let studentId: number;
  const email = uniqueEmail('inkludert');
  const errors: string[] = [];

  const journey = useBrowserJourney();

  beforeAll(async () => {
    student = await journey.newContext(1280);
    const buy = await student.request.post('/api/checkout/sessions', {
      data: {
        courseId: 'accelerator',
        email,
        firstName: 'Kari',
        lastName: 'Nordmann',
        paymentMethod: 'card',
        acceptTerms: true,
        acceptRisk: true,
      },
    });
    expect(buy.status()).toBe(201);
    const me = await (await student.request.get('/api/auth/me')).json();
    expect(me).toMatchObject({ courses: ['foundation', 'accelerator'], includedBy: { foundation: 'accelerator' } });
    studentId = me.id;
    ({ page } = await journey.newPage(1280, { consent: false, problems: errors }));
  });

  const studentDashboard = async () => {
    const p = await student.newPage();
    await p.goto('/dashboard');
    await p.locator('.dashboard__email').waitFor();
    return p;
  };

  it('the buyer sees Foundation on the dashboard as included in Accelerator, and can open it', async () => {
    const dash = await studentDashboard();
    const card = dash.locator('a.course-card--owned[data-course="foundation"]');
    await card.waitFor();
    expect(await card.innerText()).toContain('Inkludert i Accelerator');
    await card.getByText('0 av 8 fullført').waitFor();
    await card.click();
    await dash.waitForURL(/\/course\/foundation$/);
    await dash.getByRole('heading', { level: 1, name: 'Markedsstruktur i flere tidsrammer' }).waitFor();
    await dash.close();
  });

  it('the admin sees the included grant with its origin and no revoke of its own; revoking Accelerator ends both', async () => {
    await signInToAdmin(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/admin\/?$/);
    await page.goto(`/admin/users/${studentId}/show`);
    await page.getByText(email).first().waitFor();
    await page.getByRole('tab', { name: 'Tilganger' }).click();

    const included = page.locator('[data-testid="grant-foundation"]');
    await included.waitFor();
    expect(await included.innerText()).toContain('Inkludert i Accelerator');
    expect(await included.innerText()).toContain('Følger Accelerator-tilgangen');
    expect(await included.getByRole('button', { name: 'Trekk tilbake' }).count()).toBe(0);
    // Foundation can still be given on its own (it would then outlive Accelerator).
    await page.getByRole('combobox', { name: 'Kurs' }).click();
    await page.getByRole('option', { name: 'Foundation' }).waitFor();
    await page.keyboard.press('Escape');

    const accelerator = page.locator('[data-testid="grant-accelerator"]');
    await accelerator.getByRole('button', { name: 'Trekk tilbake' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Trekk tilbake' }).click();
    await page.getByText('Tilgangen til Accelerator er trukket tilbake').waitFor();
    await page.locator('[data-testid="grant-foundation"]', { hasText: 'Trukket tilbake' }).waitFor();

    const dash = await studentDashboard();
    await dash.locator('.course-card--locked[data-course="foundation"]').waitFor();
    await dash.locator('.course-card--locked[data-course="accelerator"]').waitFor();
    await dash.close();
    expect(errors).toEqual([]);
  });
});
