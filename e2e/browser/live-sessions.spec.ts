/**
 * Live sessions journey (issue 17): the mentor plans a session in the admin panel (Oslo time); a
 * student who owns the course sees it under 'Live-økter' on the dashboard, without the join link
 * (it shows 15 minutes before the start), and downloads "Legg til i kalender" (an .ics file with
 * the session at the Oslo time the mentor typed). A student without the course sees nothing.
 *
 * Needs the production builds: `npm run build` (frontend, admin, backend).
 */
import { downloaded } from './support/site';
import { RISK_NOTICE } from '@academy/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { signInToAdmin } from './support/admin';
import { ADMIN, useBrowserJourney } from './support/journey';

const TITLE = `Live Q&A ${Date.now().toString(36)}`;
const JOIN = 'https://meet.google.com/abc-defg-hij';

/** The Oslo day `days` from now, `YYYY-MM-DD`. */
function osloDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date(Date.now() + days * 86_400_000));
}

/** A buyer of `courseId` (a demo purchase signs the context in). */
async function buyer(ctx: BrowserContext, courseId: 'foundation' | 'accelerator'): Promise<BrowserContext> {
  const email = `elev-${courseId}-${Date.now().toString(36)}@example.no`;
  const buy = await ctx.request.post('/api/checkout/sessions', {
    data: {
      courseId,
      email,
      firstName: 'Kari',
      lastName: 'Nordmann',
      paymentMethod: 'vipps',
      acceptTerms: true,
      acceptRisk: true,
    },
  });
  expect(buy.status()).toBe(201);
  // Accelerator includes Foundation (the catalogue's inclusion rule).
  const owns = courseId === 'accelerator' ? ['accelerator', 'foundation'] : ['foundation'];
  expect([...(await (await ctx.request.get('/api/auth/me')).json()).courses].sort()).toEqual(owns);
  return ctx;
}

describe('live sessions', () => {
  let owner: BrowserContext;
  let outsider: BrowserContext;
  let admin: Page;
  const errors: string[] = [];
  const day = osloDay(3);

  const journey = useBrowserJourney();

  beforeAll(async () => {
    owner = await buyer(await journey.newContext(1280, { consent: false }), 'accelerator');
    outsider = await buyer(await journey.newContext(1280, { consent: false }), 'foundation');
    ({ page: admin } = await journey.newPage(1280, { consent: false, problems: errors }));
  });

  it('the mentor plans a session for Accelerator in the admin panel', async () => {
    await signInToAdmin(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL(/\/admin\/?$/);
    await admin.goto('/admin/live-sessions');
    await admin.getByRole('menuitem', { name: 'Live-økter' }).waitFor();
    // Nothing planned yet: the empty list says so and points to the first one.
    await admin.getByTestId('live-sessions-empty').waitFor();
    await admin.getByRole('link', { name: 'Planlegg live-økt' }).click();
    await admin.waitForURL(/\/admin\/live-sessions\/create$/);
    await admin.getByRole('checkbox', { name: 'Accelerator' }).check();
    await admin.getByLabel('Tittel').fill(TITLE);
    await admin.getByLabel('Beskrivelse').fill('Spørsmål og svar om ukens marked.');
    await admin.getByLabel('Start (norsk tid)').fill(`${day}T18:30`);
    await admin.getByLabel('Varighet (minutter)').fill('90');
    await admin.getByLabel('Lenke for å bli med (https)').fill(JOIN);
    await admin.getByRole('button', { name: 'Lagre' }).click();
    await admin.waitForURL(/\/admin\/live-sessions\/?$/);
    const row = admin.locator('tbody tr', { hasText: TITLE });
    await row.waitFor();
    expect(await row.textContent()).toContain('Accelerator');
    // The form shows the Oslo time again; a longer session is saved without moving it.
    await row.click();
    await admin.waitForURL(/\/admin\/live-sessions\/\d+$/);
    expect(await admin.getByLabel('Start (norsk tid)').inputValue()).toBe(`${day}T18:30`);
    await admin.getByLabel('Varighet (minutter)').fill('120');
    await admin.getByRole('button', { name: 'Lagre' }).click();
    await admin.waitForURL(/\/admin\/live-sessions\/?$/);
    await admin.locator('tbody tr', { hasText: TITLE }).getByText('120').waitFor();
    expect(errors).toEqual([]);
  });

  it('the owner sees it on the dashboard without the join link, and adds it to the calendar', async () => {
    const page = await owner.newPage();
    await page.goto('/dashboard');
    const live = page.getByTestId('live-sessions');
    await live.getByRole('heading', { name: 'Live-økter' }).waitFor();
    // Trading carries risk: a short notice beside the sessions and their recordings.
    await live.getByTestId('risk-notice').getByText(RISK_NOTICE).waitFor();
    const item = live.locator('li', { hasText: TITLE });
    await item.waitFor();
    expect(await item.textContent()).toContain('kl. 18:30–20:30');
    await item.getByText('Lenken for å bli med vises her 15 minutter før start.').waitFor();
    expect(await page.content()).not.toContain(JOIN);
    expect(await item.getByRole('link', { name: 'Bli med nå' }).count()).toBe(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      item.getByRole('link', { name: 'Legg til i kalender' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^live-okt-\d+\.ics$/);
    const ics = (await downloaded(download)).toString('utf8').replace(/\r\n[ \t]/g, '');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain(`SUMMARY:${TITLE}`);
    expect(ics).toContain(`DTSTART;TZID=Europe/Oslo:${day.replace(/-/g, '')}T183000`);
    expect(ics).toContain(`DTEND;TZID=Europe/Oslo:${day.replace(/-/g, '')}T203000`);
    expect(ics).not.toContain(JOIN);
    await page.close();
  });

  it('a student without the course sees no live sessions', async () => {
    const page = await outsider.newPage();
    await page.goto('/dashboard');
    await page.locator('.dashboard__email').waitFor();
    await page.getByRole('heading', { name: 'Mine kurs' }).waitFor();
    const res = await outsider.request.get('/api/live-sessions');
    expect(await res.json()).toEqual({ upcoming: [], past: [] });
    expect(await page.getByTestId('live-sessions').count()).toBe(0);
    await page.close();
  });
});
