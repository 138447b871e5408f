/**
 * The admin panel's first load is light: opening /admin (the sign-in) and signing in (the overview)
 * transfers at most 150 kB of JavaScript, compressed, and neither loads react-admin. The first menu
 * click fetches the full panel, which then serves every page, the overview included.
 *
 * Needs the production builds: `npm run build` (frontend, admin, backend).
 */
import type { BrowserContext, Page, Response } from 'playwright-core';
import { signInToAdmin } from './support/admin';
import { signUpFree, uniqueEmail } from './support/site';
import { ADMIN, useBrowserJourney } from './support/journey';

const BUDGET_BYTES = 150 * 1024;

describe('admin panel: first load', () => {
  let ctx: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  const lead = uniqueEmail('forste-last');
  /** Every script the page fetched: its path, encoded (transferred) body size and encoding. */
  const scripts: Array<{ path: string; bytes: Promise<number>; encoding: string | undefined }> = [];

  const onResponse = (res: Response) => {
    const url = new URL(res.url());
    if (!url.pathname.endsWith('.js')) return;
    scripts.push({
      path: url.pathname,
      bytes: res
        .request()
        .sizes()
        .then((s) => s.responseBodySize),
      encoding: res.headers()['content-encoding'],
    });
  };
  const transferred = async () => (await Promise.all(scripts.map((s) => s.bytes))).reduce((a, b) => a + b, 0);

  const journey = useBrowserJourney();

  beforeAll(async () => {
    expect((await signUpFree(journey.server.url, lead)).status).toBe(200);
    ({ ctx, page } = await journey.newPage(1280, { consent: false, problems: errors }));
    page.on('response', onResponse);
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('shows the sign-in and then the overview within 150 kB of compressed JavaScript', async () => {
    await signInToAdmin(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/admin$/);
    await page.getByRole('heading', { name: 'Nyeste leads' }).waitFor();
    await page.getByRole('heading', { name: 'Konvertering per variant' }).waitFor();
    await page.waitForLoadState('networkidle');

    expect(scripts.length).toBeGreaterThan(0);
    // Sent compressed (the server's precompressed Brotli files; those under 1 KiB go as they are), and small.
    const sizes = await Promise.all(scripts.map((s) => s.bytes));
    scripts.forEach((s, i) => expect([s.path, sizes[i] > 1024 ? s.encoding : 'br']).toEqual([s.path, 'br']));
    const bytes = await transferred();
    expect(bytes).toBeGreaterThan(10_000);
    expect(bytes).toBeLessThanOrEqual(BUDGET_BYTES);
    // react-admin's panel is not among them.
    expect(scripts.some((s) => /\/AdminApp-/.test(s.path))).toBe(false);
    expect(errors).toEqual([]);
  });

  it('loads the full panel on the first menu click, and keeps it for the overview', async () => {
    const before = scripts.length;
    await page.getByRole('menuitem', { name: 'Leads' }).click();
    await page.waitForURL(/\/admin\/leads/);
    // react-admin's layout (its user menu) and the list with the lead.
    await page.getByRole('button', { name: 'Profil' }).waitFor();
    await page.getByText(lead).first().waitFor();
    expect(scripts.slice(before).some((s) => /\/AdminApp-/.test(s.path))).toBe(true);

    // Back to the overview: now inside the full panel's layout (its menu has 'Oversikt' and the resources).
    await page.getByRole('menuitem', { name: 'Oversikt' }).click();
    await page.waitForURL(/\/admin\/?$/);
    await page.getByRole('heading', { name: 'Nyeste leads' }).waitFor();
    await page.getByRole('button', { name: 'Profil' }).waitFor();
    expect(errors).toEqual([]);
  });
});
