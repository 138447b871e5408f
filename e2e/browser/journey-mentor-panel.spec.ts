/**
 * The mentor's day in the panel (issue 34), clicked through at 1366 px (where the mentor works), with
 * axe (WCAG 2.1 A/AA) and no sideways scrolling on every screen, each also rendered at 390 px: the overview's work queue and funnel (equal to the orders),
 * the menu's counts, deleting a lead (and a student's address pointing to the student), leads marked
 * contacted in bulk (1366), the CSV export saying what it holds, the sequence trigger's real name,
 * «Trekk tilbake» opening its dialog, every product of the catalogue in the broadcast's segment, a
 * campaign code's orders, live sessions nearest first and cancelled as such, questions without
 * Markdown marks, the inbox searched by e-mail, the audit log in labelled fields, the profile button.
 * Lists are walked by keyboard: the row's link is reached with Tab and opened with Enter. On a phone,
 * a certificate's list line opens its page with «Trekk tilbake», and the profile button is «Profil».
 *
 * Needs the production builds: `npm run build`.
 */
import type { BrowserContext, Page } from 'playwright-core';
import type { AdminOrder, AdminStats } from '@academy/contracts';
import { uniqueEmail } from './support/site';
import { ADMIN, atOtherWidth, atWidth, PHONE, useBrowserJourney } from './support/journey';
import { searchList, tabTo } from './support/admin';

jest.setTimeout(180_000);

const stamp = Date.now().toString(36);
const seed = {
  student: uniqueEmail('elevlead'),
  question: `Hvor setter jeg stop på **EURUSD** ${stamp}?`,
  threadTitle: `Gull-oppsett ${stamp}`,
  threadStudent: `innboks.${stamp}@example.no`,
  code: `DAG${stamp.toUpperCase()}`,
  codeBuyer: uniqueEmail('kode'),
  certificateCode: '',
};

async function buy(ctx: BrowserContext, email: string, courseId: string, extra: Record<string, unknown> = {}): Promise<void> {
  const res = await ctx.request.post('/api/checkout/sessions', {
    data: {
      courseId,
      email,
      firstName: 'Kari',
      lastName: 'Nordmann',
      paymentMethod: 'vipps',
      acceptTerms: true,
      acceptRisk: true,
      ...extra,
    },
  });
  expect(res.status()).toBe(201);
}

async function lead(ctx: BrowserContext, email: string, trafficSource: string, courseType = 'foundation'): Promise<void> {
  const res = await ctx.request.post('/api/leads', { data: { email, courseType, source: '/', attribution: { trafficSource } } });
  expect(res.status()).toBe(201);
}

const journey = useBrowserJourney();

beforeAll(async () => {
  const visitor = await journey.newContext(1280, { consent: false });
  // A student's address (a free sign-up: an account and a lead).
  const signUp = await visitor.request.post('/api/create-user', {
    data: { email: seed.student, courseType: 'starter', trafficSource: 'A' },
  });
  expect(signUp.status()).toBe(200);
  await visitor.close();

  // Buyers through the demo checkout: with a lead first (B, D), and one the site never saw.
  for (const [email, variant] of [
    [uniqueEmail('kjoper-b'), 'B'],
    [uniqueEmail('kjoper-d'), 'D'],
    [uniqueEmail('kjoper-u'), null],
  ] as const) {
    const ctx = await journey.newContext(1280, { consent: false });
    if (variant) await lead(ctx, email, variant);
    await buy(ctx, email, 'foundation');
    if (variant === 'B') {
      // This buyer finishes Foundation (a certificate) and asks about **EURUSD** under a module.
      const course = (await (await ctx.request.get('/api/courses/foundation')).json()) as { modules: Array<{ id: number }> };
      for (const m of course.modules)
        expect((await ctx.request.post(`/api/progress/foundation/modules/${m.id}/complete`, { data: {} })).status()).toBe(200);
      const certs = (await (await ctx.request.get('/api/certificates')).json()) as Array<{ code: string }>;
      seed.certificateCode = certs[0].code;
      const asked = await ctx.request.post(`/api/courses/foundation/modules/${course.modules[0].id}/questions`, {
        data: { body: seed.question },
      });
      expect(asked.status()).toBe(201);
    }
    await ctx.close();
  }
  // An Accelerator student writes to the inbox.
  const mentee = await journey.newContext(1280, { consent: false });
  await buy(mentee, seed.threadStudent, 'accelerator');
  expect(
    (await mentee.request.post('/api/mentor/threads', { data: { title: seed.threadTitle, body: 'Ok entry?' } })).status(),
  ).toBe(201);
  await mentee.close();
}, 120_000);

describe("the mentor's day on a computer (1366 px), each screen also on a phone", () => {
  const [width, height] = [1366, 900];
  const tag = `pc${stamp}`;
  let ctx: BrowserContext;
  let page: Page;
  let problems: string[] = [];
  let errors: string[] = [];

  const check = async (screen: string) => {
    await journey.checkScreen(page, `${screen} (${width} px)`, problems);
    await atOtherWidth(page, screen, problems);
  };

  const api = async <T>(path: string): Promise<T> => (await (await page.request.get(path)).json()) as T;
  const rows = (text?: string | RegExp) => page.locator('.RaDataTable-root tbody tr', text ? { hasText: text } : undefined);
  const phoneRows = (text: string) => page.locator('[data-testid="phone-list"] > li', { hasText: text });
  const goList = async (resource: string, filter?: Record<string, unknown>) => {
    const q = filter ? `?filter=${encodeURIComponent(JSON.stringify(filter))}` : '';
    await page.goto(`/admin/${resource}${q}`);
  };

  beforeAll(async () => {
    ctx = await journey.newContext(width, { height, consent: false });
    page = await ctx.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/admin/login');
    await page.locator('input[name=username]').fill(ADMIN.email);
    await page.locator('input[name=password]').fill(ADMIN.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/?$/);
  });
  afterAll(() => ctx?.close());
  afterEach(() => {
    const found = { problems, errors };
    problems = [];
    errors = [];
    expect(found).toEqual({ problems: [], errors: [] });
  });

  it('the overview: the work queue, the funnel equal to the orders, the weeks in order', async () => {
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Arbeidskø' }).waitFor();
    await page.getByRole('heading', { name: 'Konvertering per variant' }).waitFor();
    const queue = await api<Record<string, number>>('/api/admin/work-queue');
    expect(queue.unansweredQuestions).toBeGreaterThanOrEqual(1);
    // A later test answers the inbox's thread; before that it waits.
    expect(queue.waitingThreads).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId('work-queue-unansweredQuestions').innerText()).toBe(String(queue.unansweredQuestions));
    expect(await page.getByTestId('work-queue-waitingThreads').innerText()).toBe(String(queue.waitingThreads));

    // «Har kjøpt» is the number of people with a paid order; each variant's «Kjøp» beside its money.
    const orders = await api<AdminOrder[]>('/api/admin/orders?range=[0,99]');
    const paid = orders.filter((o) => ['paid', 'partially_refunded', 'refunded'].includes(o.status));
    const buyers = new Set(paid.map((o) => o.email)).size;
    const stats = await api<AdminStats>('/api/admin/stats');
    expect(stats.totals.buyers).toBe(buyers);
    expect(stats.totals.revenueOre).toBe(paid.reduce((n, o) => n + o.amountOre, 0));
    for (const row of stats.funnel)
      if (row.revenueOre > 0) expect({ v: row.variant, buyers: row.buyers > 0 }).toEqual({ v: row.variant, buyers: true });
    const bought = page.locator('.lt-stat', { hasText: 'Har kjøpt' }).locator('.lt-stat-value');
    expect(await bought.innerText()).toBe(String(buyers));
    const table = page.getByRole('table', { name: 'Konvertering per variant' });
    const unknown = table.getByRole('row').filter({ hasText: 'Ukjent' });
    // The buyers nobody knew count as people who bought, beside their money.
    const u = stats.funnel.find((r) => r.variant === 'ukjent')!;
    expect(u.buyers).toBeGreaterThanOrEqual(1);
    expect((await unknown.getByRole('cell').allInnerTexts()).slice(1, 4)).toEqual([u.leads, u.accounts, u.buyers].map(String));

    // The weeks of the money chart run in order, the first one being that of the period's first day.
    const labels = await page
      .getByRole('img', { name: 'Stolpediagram: omsetning og refusjoner per uke' })
      .locator('text')
      .allTextContents();
    const weeks = labels.filter((l) => /^Uke \d+$/.test(l)).map((l) => Number(l.slice(4)));
    expect(weeks).toEqual(stats.revenuePerWeek.map((w) => Number(w.week.split('-U')[1])));
    expect(weeks[0]).toBe(Number(stats.revenuePerWeek[0].week.split('-U')[1]));
    await check('overview');

    // The menu's counts, read with their items (the name first, WCAG 2.5.3).
    await page.getByRole('menuitem', { name: `Spørsmål ${queue.unansweredQuestions} venter` }).waitFor();
    if (queue.waitingThreads > 0)
      await page.getByRole('menuitem', { name: new RegExp(`^Innboks ${queue.waitingThreads} venter$`) }).waitFor();
  });

  it('deletes a lead by keyboard from the list; a student’s address points to the student instead', async () => {
    const gone = uniqueEmail(`gdpr-${tag}`);
    await lead(ctx, gone, 'C');
    await lead(ctx, gone, 'A');
    await goList('leads', { q: gone });
    await rows(gone).first().waitFor();
    await check('leads, searched');
    await tabTo(page, (el) => el.tagName === 'A' && (el.textContent ?? '').includes('gdpr-'));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/leads\/\d+\/show$/);
    await page.getByRole('button', { name: 'Slett' }).click();
    const dialog = page.getByRole('dialog', { name: 'Slette leadet?' });
    await dialog.getByText(`Alle leads for ${gone}`).waitFor();
    await check('delete a lead');
    await dialog.getByRole('button', { name: 'Slett' }).click();
    await page.getByText('2 leads for adressen er slettet').waitFor();
    await page.waitForURL(/\/admin\/leads(\?.*)?$/);
    const left = await api<unknown[]>(`/api/admin/leads?filter=${encodeURIComponent(JSON.stringify({ q: gone }))}`);
    expect(left).toEqual([]);

    // The student's lead: no «Slett», the way to the student's erasure instead.
    await goList('leads', { q: seed.student });
    await rows(seed.student).first().click();
    await page.waitForURL(/\/admin\/leads\/\d+\/show$/);
    await page.getByText('Adressen tilhører en elev').waitFor();
    expect(await page.getByRole('button', { name: 'Slett' }).count()).toBe(0);
    await check('a student’s lead');
    await page.getByRole('link', { name: 'elevsiden' }).click();
    await page.waitForURL(/\/admin\/users\/\d+\/show$/);
    await page.getByText(seed.student).first().waitFor();
  });

  it('marks chosen leads contacted and says what a CSV export holds', async () => {
    const a = uniqueEmail(`bulk-a-${tag}`);
    const b = uniqueEmail(`bulk-b-${tag}`);
    await lead(ctx, a, 'B');
    await lead(ctx, b, 'D');
    await goList('leads', { q: `bulk-` });
    await rows(a).first().waitFor();
    await page.getByRole('button', { name: 'Eksporter CSV' }).click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Alle leads i filteret, uten avmeldte adresser' }).waitFor();
    await menu.getByRole('menuitem', { name: 'Alle leads i filteret, med avmeldte adresser' }).waitFor();
    await check('the export’s choices');
    await page.keyboard.press('Escape');
    // The bulk actions need the table's checkboxes (a computer's list).
    // By keyboard: each row's checkbox is named after its lead.
    for (let i = 0; i < 2; i++) {
      await tabTo(
        page,
        (el) => el.getAttribute('aria-label')?.startsWith('Velg bulk-') === true && !(el as HTMLInputElement).checked,
      );
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^Velg bulk-/);
      await page.keyboard.press('Space');
    }
    await page.getByText('2 valgt').waitFor();
    for (const email of [a, b]) expect(await page.getByRole('checkbox', { name: `Velg ${email}` }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Merk som kontaktet' }).waitFor();
    await check('leads chosen');
    await page.getByRole('button', { name: 'Merk som kontaktet' }).click();
    await page.getByText('2 leads merket som kontaktet').waitFor();
    const marked = await api<Array<{ contacted: boolean }>>(
      `/api/admin/leads?filter=${encodeURIComponent(JSON.stringify({ q: `bulk-` }))}`,
    );
    expect(marked.filter((l) => l.contacted).length).toBeGreaterThanOrEqual(2);
  });

  it('names the Starter sequence’s trigger as it is', async () => {
    await goList('sequences');
    await rows(/Starter: de første 7 dagene/)
      .first()
      .waitFor();
    expect(
      await rows(/Starter: de første 7 dagene/)
        .first()
        .innerText(),
    ).toContain('Meldte seg på Starter-kurset');
    expect(
      await rows(/Starter: de første 7 dagene/)
        .first()
        .innerText(),
    ).not.toContain('Forsiden');
    await check('sequences');
  });

  it('«Trekk tilbake» in the certificate list opens its dialog', async () => {
    await goList('certificates', { q: seed.certificateCode });
    await rows(seed.certificateCode).first().waitFor();
    await page.getByRole('button', { name: 'Trekk tilbake' }).first().click();
    const dialog = page.getByRole('dialog', { name: `Trekke tilbake sertifikatet ${seed.certificateCode}?` });
    await dialog.waitFor();
    expect(page.url()).toMatch(/\/admin\/certificates(\?.*)?$/);
    // (The dialog belongs to the table's row: resized to a phone, the row and its dialog give way to
    // the phone's list line, so this screen is checked at each width where it opens.)
    await journey.checkScreen(page, `revoke a certificate (${width} px)`, problems);
    await dialog.getByRole('button', { name: 'Avbryt' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/\/admin\/certificates(\?.*)?$/);
    // A phone's list line opens the certificate; its page has the button and the same dialog.
    await atWidth(page, PHONE, async () => {
      await goList('certificates', { q: seed.certificateCode });
      await phoneRows(seed.certificateCode).first().click();
      await page.waitForURL(/\/admin\/certificates\/\d+\/show$/);
      await page.getByRole('button', { name: 'Trekk tilbake' }).first().click();
      await dialog.waitFor();
      await journey.checkScreen(page, `revoke a certificate (${PHONE} px)`, problems);
      await dialog.getByRole('button', { name: 'Avbryt' }).click();
      await dialog.waitFor({ state: 'detached' });
    });
  });

  it('offers every product of the catalogue to a broadcast’s segment and to a campaign code', async () => {
    await page.goto('/admin/broadcasts/create');
    await page.getByRole('combobox', { name: 'Eier kurs' }).click();
    for (const name of ['Starter', 'Foundation', 'Accelerator', 'Kryptovaluta', 'Microkurs', 'Temakurs', 'VIP'])
      await page.getByRole('option', { name, exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await page.goto('/admin/campaign-codes/create');
    for (const name of ['Foundation', 'Accelerator', 'Microkurs', 'Temakurs', 'VIP'])
      await page.getByRole('checkbox', { name, exact: true }).waitFor();
    await check('a new campaign code');
  });

  it('a campaign code’s page lists the orders made with it', async () => {
    const code = `${seed.code}P`;
    const made = await page.request.post('/api/admin/campaign-codes', {
      data: { code, courseIds: ['temakurs', 'vip'], percentOff: 10, maxUses: 50 },
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(made.status()).toBe(201);
    const { id } = (await made.json()) as { id: number };
    const buyer = await journey.newContext(1280, { consent: false });
    const email = uniqueEmail(`kode-${tag}`);
    await buy(buyer, email, 'temakurs', { campaignCode: code });
    await buyer.close();
    await goList('campaign-codes', { q: code });
    await rows(code).first().getByText('1 av 50').waitFor();
    await rows(code).first().click();
    await page.waitForURL(new RegExp(`/admin/campaign-codes/${id}$`));
    await page.getByRole('heading', { name: 'Ordrer med koden' }).waitFor();
    await page.getByText(email, { exact: false }).first().waitFor();
    await check('a campaign code and its orders');
    await page
      .getByRole('link', { name: /^Ordre \d+$/ })
      .first()
      .click();
    await page.waitForURL(/\/admin\/orders\/\d+\/show$/);
  });

  it('lists live sessions nearest first and says a cancelled one is cancelled', async () => {
    for (const days of [20, 3]) {
      const at = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
      const res = await page.request.post('/api/admin/live-sessions', {
        data: {
          courseIds: ['foundation'],
          title: `Økt om ${days} dager ${tag}`,
          startsAt: `${at}T18:00`,
          durationMinutes: 60,
          joinUrl: 'https://zoom.us/j/123456789',
        },
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
      });
      expect(res.status()).toBe(201);
    }
    await page.goto('/admin/live-sessions');
    await rows(`Økt om 3 dager ${tag}`).first().waitFor();
    const texts = await rows(new RegExp(`Økt om \\d+ dager ${tag}`)).allInnerTexts();
    expect(texts.findIndex((t) => t.includes('3 dager'))).toBeLessThan(texts.findIndex((t) => t.includes('20 dager')));
    await check('live sessions');
    await tabTo(page, (el) => el.tagName === 'A' && (el.textContent ?? '').startsWith('Økt om 20 dager'));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/live-sessions\/\d+$/);
    await page.getByRole('button', { name: 'Avlys økten' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Bekreft|Avlys|Slett/ })
      .last()
      .click();
    await page.getByText('Økten er avlyst, og elevene får beskjed på e-post').waitFor();
    expect(await page.getByText('Slettet', { exact: true }).count()).toBe(0);
    await rows(`Økt om 20 dager ${tag}`).getByText('Avlyst').first().waitFor();
  });

  it('lists questions as read, not as Markdown', async () => {
    await goList('questions', { q: stamp });
    const row = rows(stamp).first();
    await row.waitFor();
    expect(await row.innerText()).toContain(`Hvor setter jeg stop på EURUSD ${stamp}?`);
    expect(await row.innerText()).not.toContain('**');
    await check('questions');
  });

  it('finds an inbox thread by the student’s e-mail, and empties the image field after an answer', async () => {
    await goList('mentor-threads');
    // The searched list, not the rows shown while it loads: a row clicked then is replaced under the pointer.
    await searchList(page, false, seed.threadStudent, seed.threadTitle);
    await check('inbox, searched by e-mail');
    await rows(seed.threadTitle).first().click();
    await page.waitForURL(/\/admin\/mentor-threads\/\d+\/show$/);
    await page.getByLabel('Svar (Markdown)').fill(`Se på timegrafen ${tag}`);
    await page.getByLabel(/Bilde \(valgfritt/).setInputFiles({
      name: 'graf.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      ),
    });
    await page.getByRole('button', { name: 'Send svar' }).click();
    await page.getByText('Svaret er sendt, og eleven får e-post').waitFor();
    expect(await page.getByLabel(/Bilde \(valgfritt/).evaluate((el) => (el as HTMLInputElement).files?.length ?? 0)).toBe(0);
    await check('inbox thread after the answer');
  });

  it('shows an audit entry as labelled fields in kroner and Oslo time, linked to the record', async () => {
    await goList('audit-log', { action: 'campaign_code.create' });
    await rows().first().click();
    await page.waitForURL(/\/admin\/audit-log\/\d+\/show$/);
    const changes = page.getByRole('table', { name: 'Endringer' });
    await changes.waitFor();
    await changes.getByRole('rowheader', { name: 'Kurs' }).waitFor();
    const text = await changes.innerText();
    expect(text).toMatch(/Temakurs, VIP/);
    expect(text).not.toMatch(/[{}"]|\d{4}-\d{2}-\d{2}T/);
    await page.getByRole('link', { name: /^Kampanjekode \d+$/ }).waitFor();
    await check('audit entry');
  });

  it('the profile button’s name begins with its visible text', async () => {
    await page.goto('/admin/leads');
    await rows().first().waitFor();
    await atWidth(page, PHONE, async () => {
      await page.goto('/admin/leads');
      await page.getByRole('button', { name: 'Profil' }).waitFor();
    });
    await page.goto('/admin/leads');
    await rows().first().waitFor();
    const button = page.getByRole('button', { name: new RegExp(`^${ADMIN.email.replace(/\./g, '\\.')} – Profil$`) });
    expect((await button.innerText()).trim()).toBe(ADMIN.email);
  });
});
