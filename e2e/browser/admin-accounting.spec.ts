/**
 * «Regnskap» in the admin panel (docs/decisions.md "MVA"), at 1366 px, each screen also rendered at
 * 390 px, with axe (WCAG 2.1 A and AA) and no sideways scrolling: a buyer pays Foundation (demo mode); the month's report lists
 * the receipt with SAF-T code 3, the totals per code and per payment method, and links the CSV. The
 * course page offers the MVA treatment, with the exempt amount only for a split.
 *
 * Needs the production builds: `npm run build` (contracts, frontend, admin, backend).
 */
import type { Page } from 'playwright-core';
import { fakeFikenEnv, startFakeFiken, type FakeFiken } from '../api/support/fake-fiken';
import { ADMIN, atOtherWidth, atWidth, checkScreen, PHONE, useBrowserJourney } from './support/journey';
import { PANEL_DEVICES, tabTo, useSignedInPanel } from './support/admin';
import { buyDemo, until } from './support/site';

jest.setTimeout(120_000);

describe('admin panel: «Regnskap» and the MVA of a course', () => {
  const journey = useBrowserJourney();

  beforeAll(async () => {
    const { ctx, page } = await journey.newPage(1366);
    await page.goto(`/bestill?course=foundation&email=${encodeURIComponent('regnskap-kjoper@example.no')}`);
    await page.getByLabel('Fornavn').fill('Kari');
    await page.getByLabel('Etternavn').fill('Nordmann');
    await page.locator('input[name="acceptTerms"]').check();
    await page.locator('input[name="acceptRisk"]').check();
    await page.getByTestId('checkout-submit').click();
    await page.getByRole('heading', { name: 'Takk for kjøpet!' }).waitFor({ timeout: 15_000 });
    await ctx.close();
  });

  describe('on a computer (1366 px), each screen also on a phone', () => {
    const device = PANEL_DEVICES[0];
    const run = useSignedInPanel(journey, device, ADMIN);

    it("lists the month's receipt with its tax code, the totals and the CSV", async () => {
      const { page } = run;
      await page.goto('/admin/settings');
      await page.getByRole('menuitem', { name: 'Regnskap' }).click();
      await page.waitForURL(/\/admin\/accounting$/);
      await page.getByRole('heading', { name: 'Regnskap', level: 2 }).waitFor();
      const byCode = page.getByRole('table', { name: 'Per mva-kode' });
      await byCode.waitFor({ timeout: 30_000 });
      expect(await byCode.innerText()).toMatch(/\b3\b/);
      await page.getByRole('table', { name: 'Per betalingsmåte' }).waitFor();
      const documents = page.getByRole('table', { name: 'Kvitteringer og kreditnotaer' });
      expect(await documents.innerText()).toContain('Kvittering');
      // Without FIKEN_*: the card says where to read how, and the table has no Fiken column.
      await page.getByText('Fiken er ikke satt opp. Se README («Fiken») for nøkkel og kontoer.').waitFor();
      expect(await page.getByRole('button', { name: 'Send tidligere bilag til Fiken' }).count()).toBe(0);
      expect(await documents.getByRole('columnheader', { name: 'Fiken' }).count()).toBe(0);
      const csv = page.getByRole('link', { name: 'Last ned CSV' });
      expect(await csv.getAttribute('href')).toMatch(/\/api\/admin\/reports\/sales\.csv\?from=\d{4}-\d{2}-\d{2}&to=/);
      await checkScreen(page, `Regnskap (${device.width})`, run.problems);
      await atOtherWidth(page, `Regnskap (${device.width})`, run.problems);
      await page.screenshot({ path: `/tmp/regnskap-${device.width}.png`, fullPage: true });
    });

    it('the course page sets the MVA treatment; the exempt amount is asked for a split only', async () => {
      const { page } = run;
      await page.goto('/admin/courses/accelerator');
      const treatment = page.getByRole('combobox', { name: /MVA-behandling|Mva-behandling|MVA/ });
      await treatment.waitFor({ timeout: 30_000 });
      expect(await page.getByText('25 % MVA (selvstudium)').count()).toBeGreaterThan(0);
      await treatment.click();
      await page.getByRole('option', { name: 'Delt: en fast del unntatt, resten 25 % MVA' }).click();
      await page.getByText('Delen av prisen som er unntatt', { exact: false }).waitFor();
      await checkScreen(page, `Kurs: MVA delt (${device.width})`, run.problems);
      await atOtherWidth(page, `Kurs: MVA delt (${device.width})`, run.problems);
      await page.screenshot({ path: `/tmp/kurs-mva-${device.width}.png`, fullPage: true });
    });
  });
});

/**
 * «Regnskap» with Fiken set up, against the fake Fiken: a purchase the worker posts shows «Ført»; one
 * the fake refuses shows «Feilet» with Fiken's reason as text and «Prøv igjen» (reached by keyboard),
 * which puts it back in the queue; one issued before Fiken was set up (its posting removed) shows
 * «Ikke sendt», and «Send tidligere bilag til Fiken» queues it after asking. At 390 and 1366 px with
 * axe and no sideways scrolling; screenshots in /tmp/accounting-fiken-{390,1366}.png.
 */
describe('admin panel: «Regnskap» with Fiken set up', () => {
  let fiken: FakeFiken;
  // Filled once the fake is up, before the journey's server starts (the journey reads it then).
  const env: Record<string, string> = {};
  beforeAll(async () => {
    fiken = await startFakeFiken();
    Object.assign(env, {
      ...fakeFikenEnv(fiken.apiBase),
      // The worker looks twice a second instead of every 10 s: the journey waits for its rounds.
      FIKEN_POLL_INTERVAL_MS: '500',
    });
  });
  const journey = useBrowserJourney({ env, db: true });
  afterAll(async () => {
    await fiken?.close();
  });

  const docs = { earlier: 0, refused: 0, posted: 0 };
  const receiptOf = async (email: string): Promise<{ id: number; number: number }> => {
    const [row] = (await journey.db.query(
      `SELECT r.id AS id, r.number AS number FROM receipts r JOIN orders o ON o.id = r.orderId WHERE o.email = ?`,
      [email],
    )) as Array<{ id: number; number: number }>;
    return { id: Number(row.id), number: Number(row.number) };
  };
  const postingState = async (receiptId: number): Promise<string | null> => {
    const rows = (await journey.db.query(`SELECT state FROM fiken_postings WHERE receiptId = ?`, [receiptId])) as Array<{
      state: string;
    }>;
    return rows[0]?.state ?? null;
  };

  beforeAll(async () => {
    // A demo purchase signs its buyer in on the context: each buyer gets a fresh one.
    const buy = async (email: string) => {
      const ctx = await journey.newContext(1366, { consent: false });
      await buyDemo(ctx.request, 'foundation', email);
      await ctx.close();
    };
    // Issued "before Fiken was set up": its posting is taken out of the queue again.
    await buy('fiken-tidligere@example.no');
    const earlier = await receiptOf('fiken-tidligere@example.no');
    await journey.db.query(`DELETE FROM fiken_postings WHERE receiptId = ?`, [earlier.id]);
    docs.earlier = earlier.number;
    // Refused by Fiken: the posting fails with Fiken's reason. Fiken refuses the first request about
    // the next receipt's number (its sale-number lookup); receipts are numbered without gaps. By
    // number, not "the next request": a round that had already taken the earlier document may
    // still be talking to Fiken.
    fiken.refuseSale(String(earlier.number + 1), 400, 'Kontoen 3000 finnes ikke');
    await buy('fiken-avvist@example.no');
    const refused = await receiptOf('fiken-avvist@example.no');
    await until(() => postingState(refused.id), 'failed', 60_000);
    docs.refused = refused.number;
    // Posted.
    await buy('fiken-fort@example.no');
    const posted = await receiptOf('fiken-fort@example.no');
    await until(() => postingState(posted.id), 'posted', 60_000);
    docs.posted = posted.number;
  }, 180_000);

  /** The report read again until the document's Fiken cell says `text` (the worker runs on its own). */
  const untilCell = async (page: Page, n: number, text: RegExp) => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      await page.goto('/admin/accounting');
      const cell = page.getByTestId(`fiken-${n}`);
      await cell.waitFor({ timeout: 30_000 });
      const seen = await cell.innerText();
      if (text.test(seen) || Date.now() > deadline) return expect(seen).toMatch(text);
      await page.waitForTimeout(500);
    }
  };

  describe('on a computer (1366 px), each screen also on a phone', () => {
    const device = PANEL_DEVICES[0];
    const run = useSignedInPanel(journey, device, ADMIN);

    it('shows each document in Fiken: «Ført», «Feilet» with the reason, «Ikke sendt», and the counts', async () => {
      const { page } = run;
      await page.goto('/admin/accounting');
      const documents = page.getByRole('table', { name: 'Kvitteringer og kreditnotaer' });
      await documents.waitFor({ timeout: 30_000 });
      await documents.getByRole('columnheader', { name: 'Fiken' }).waitFor();
      expect(await page.getByTestId(`fiken-${docs.posted}`).innerText()).toBe('Ført');
      expect(await page.getByTestId(`fiken-${docs.earlier}`).innerText()).toBe('Ikke sendt');
      const refused = page.getByTestId(`fiken-${docs.refused}`);
      expect(await refused.innerText()).toMatch(/^Feilet\n/);
      // Fiken's reason is text in the cell, not only a tooltip.
      expect((await refused.getByTestId('fiken-error').innerText()).trim().length).toBeGreaterThan(3);
      await refused.getByRole('button', { name: `Prøv igjen for kvittering ${docs.refused}` }).waitFor();
      const counts = await page.getByTestId('fiken-counts').innerText();
      expect(counts.replace(/\s+/g, ' ')).toContain('Ført i Fiken: 1 Venter: 0 Feilet: 1 Ikke sendt: 1');
      await page.getByRole('button', { name: 'Send tidligere bilag til Fiken' }).waitFor();
      // With the Fiken column too, no table is wider than its box (on a phone the amounts go under the text).
      const wide = () =>
        page.evaluate(() =>
          Array.from(document.querySelectorAll('[role=region]'))
            .filter((r) => r.scrollWidth > r.clientWidth + 1)
            .map((r) => r.getAttribute('aria-label')),
        );
      expect(await wide()).toEqual([]);
      expect(await atWidth(page, PHONE, wide)).toEqual([]);
      await checkScreen(page, `Regnskap med Fiken (${device.width})`, run.problems);
      await atOtherWidth(page, `Regnskap med Fiken (${device.width})`, run.problems);
      await page.screenshot({ path: `/tmp/accounting-fiken-${device.width}.png`, fullPage: true });
    });
  });

  describe('the mentor acts (1366 px)', () => {
    const run = useSignedInPanel(journey, PANEL_DEVICES[0], ADMIN);

    it('«Prøv igjen» by keyboard puts the refused document back in the queue; it is then posted', async () => {
      const { page } = run;
      await page.goto('/admin/accounting');
      const name = `Prøv igjen for kvittering ${docs.refused}`;
      await page.getByRole('button', { name }).waitFor({ timeout: 30_000 });
      await tabTo(page, (el) => el.getAttribute('aria-label')?.startsWith('Prøv igjen for kvittering') ?? false);
      await page.keyboard.press('Enter');
      await page.getByText(`Kvittering ${docs.refused} er lagt i kø for Fiken igjen`).waitFor();
      await page.getByRole('button', { name }).waitFor({ state: 'detached' });
      const cell = page.getByTestId(`fiken-${docs.refused}`);
      expect(await cell.innerText()).toMatch(/^(Venter|Ført)$/);
      // Focus stays in the document's cell once the button is gone.
      expect(await cell.evaluate((c) => c.contains(document.activeElement))).toBe(true);
      await checkScreen(page, 'Regnskap: prøvd igjen', run.problems);
      await atOtherWidth(page, 'Regnskap: prøvd igjen', run.problems);
      await untilCell(page, docs.refused, /^Ført$/);
    });

    it('«Send tidligere bilag til Fiken» asks, queues the earlier document and says how many', async () => {
      const { page } = run;
      await page.goto('/admin/accounting');
      await page.getByRole('button', { name: 'Send tidligere bilag til Fiken' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sende tidligere bilag til Fiken?' });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain('1 bilag i denne perioden er ikke sendt til Fiken');
      await checkScreen(page, 'Regnskap: send tidligere bilag', run.problems);
      await atOtherWidth(page, 'Regnskap: send tidligere bilag', run.problems);
      await dialog.getByRole('button', { name: 'Send til Fiken' }).click();
      await page.getByText('1 bilag lagt i kø for Fiken').waitFor();
      await page.getByRole('button', { name: 'Send tidligere bilag til Fiken' }).waitFor({ state: 'detached' });
      expect(await page.getByTestId(`fiken-${docs.earlier}`).innerText()).toMatch(/^(Venter|Ført)$/);
      await untilCell(page, docs.earlier, /^Ført$/);
      // The worker runs on its own: the counts are read again until every document is in (or a minute has passed).
      const deadline = Date.now() + 60_000;
      let counts = '';
      for (;;) {
        counts = (await page.getByTestId('fiken-counts').innerText()).replace(/\s+/g, ' ');
        if (counts.includes('Ført i Fiken: 3 Venter: 0 Feilet: 0 Ikke sendt: 0') || Date.now() > deadline) break;
        await page.waitForTimeout(1000);
        await page.goto('/admin/accounting');
        await page.getByTestId('fiken-counts').waitFor({ timeout: 30_000 });
      }
      expect(counts).toContain('Ført i Fiken: 3 Venter: 0 Feilet: 0 Ikke sendt: 0');
      await checkScreen(page, 'Regnskap: alt ført', run.problems);
      await atOtherWidth(page, 'Regnskap: alt ført', run.problems);
    });
  });
});
