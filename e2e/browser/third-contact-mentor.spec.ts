/**
 * The mentor's orders, refunds and mail failures (third round): the refund dialog starts afresh on
 * the whole remaining amount after a partial refund («Refunder resten»); the work queue's refused
 * payments open their own filter, read «Avvist – venter på refusjon» and their refund warns of no lost
 * access; a mail refused for good says «Adressen finnes ikke …» with the server's words behind a
 * toggle, offers to correct the address instead of sending again, and the student is marked. The
 * changed screens are checked (axe, width) and photographed at 1366 and 390 px.
 *
 * Needs the production builds: `npm run build` (frontend, admin, backend).
 */
import type { Locator, Page } from 'playwright-core';
import { listRows, searchList, signInToAdmin } from './support/admin';
import { buyDemo, signUpFree, uniqueEmail, until } from './support/site';
import { ADMIN, useBrowserJourney } from './support/journey';

/** Intl writes a no-break space between groups; compare with plain spaces. */
const plain = (s: string | null) =>
  (s ?? '')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('mentor: refunds, refused payments and mail failures', () => {
  let page: Page;
  const problems: string[] = [];
  const journey = useBrowserJourney({ db: true, mail: true });
  const buyer = uniqueEmail('delrefusjon');
  const refusedBuyer = uniqueEmail('avvist');
  const bounced = uniqueEmail('finnes-ikke');

  const orderOf = async (email: string): Promise<number> => {
    const res = await page.request.get(`/api/admin/orders?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`);
    return ((await res.json()) as Array<{ id: number }>)[0].id;
  };

  /** The screen checked (axe, nothing past the edge) and photographed at both widths, back at 1366. */
  const atBothWidths = async (name: string, show?: () => Promise<void>) => {
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await show?.();
      await journey.checkScreen(page, `${name} ${width}`, problems);
      await page.screenshot({ path: `/tmp/third-contact-mentor-${name}-${width}.png`, fullPage: true });
    }
  };

  beforeAll(async () => {
    // Each buyer in a browser of their own (a demo purchase signs its new buyer in).
    for (const email of [buyer, refusedBuyer]) {
      const ctx = await journey.newContext(1366, { consent: false });
      await buyDemo(ctx.request, 'foundation', email);
      await ctx.close();
    }
    // The second payment landed when the buyer already had the course: refused, its refund not through yet.
    await journey.db.query(`UPDATE orders SET refusal = 'already_owned' WHERE email = ?`, [refusedBuyer]);
    // A welcome mail the receiving server refuses for good (550).
    journey.sink.setMode('reject');
    expect((await signUpFree(journey.server.url, bounced)).status).toBe(200);
    ({ page } = await journey.newPage(1366, { consent: false, problems }));
    await signInToAdmin(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/admin\/?$/);
    const failed = async () => {
      const res = await page.request.get(`/api/admin/outbox?filter=${encodeURIComponent(JSON.stringify({ q: bounced }))}`);
      return ((await res.json()) as Array<{ status: string }>).some((m) => m.status === 'failed');
    };
    await until(failed, true, 15_000);
    journey.sink.setMode('accept');
  });

  it('a second refund opens afresh on the rest, not on the last part and reason', async () => {
    const id = await orderOf(buyer);
    await page.goto(`/admin/orders/${id}/show`);
    const open = async (): Promise<Locator> => {
      await page.getByRole('button', { name: 'Refunder' }).click();
      const dialog = page.getByRole('dialog', { name: `Refunder ordre ${id}` });
      await dialog.waitFor();
      return dialog;
    };
    let dialog = await open();
    await dialog.getByRole('radio', { name: 'Et delbeløp' }).check();
    await dialog.getByLabel('Beløp i kroner').fill('500,50');
    await dialog.getByLabel('Begrunnelse').fill('Halv modul manglet');
    await dialog.getByRole('button', { name: 'Refunder', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('500,50 kr er refundert').waitFor();

    dialog = await open();
    const rest = dialog.getByRole('radio', { name: 'Refunder resten (1 496,50 kr)' });
    await expect(rest.isChecked()).resolves.toBe(true);
    await expect(dialog.getByLabel('Beløp i kroner').count()).resolves.toBe(0);
    await expect(dialog.getByLabel('Begrunnelse').inputValue()).resolves.toBe('');
    expect(plain(await dialog.getByTestId('refund-outcome').textContent())).toBe(
      'Resten refunderes, 1 496,50 kr, og eleven mister tilgangen til kurset.',
    );
    await atBothWidths('refund-rest');
    await dialog.getByRole('button', { name: 'Avbryt' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('the refused payment waiting for its refund: its own filter from the overview, true words, no lost access', async () => {
    const id = await orderOf(refusedBuyer);
    await page.goto('/admin');
    await page.getByRole('link', { name: /Avviste betalinger som venter på refusjon/ }).click();
    await page.waitForURL((u) => decodeURIComponent(u.search).includes('"refusal":"awaiting_refund"'));
    await until(async () => plain(await listRows(page, false).first().textContent()).includes(refusedBuyer), true);
    await expect(listRows(page, false).count()).resolves.toBe(1);
    await listRows(page, false).first().getByText('Avvist – venter på refusjon').waitFor();
    await atBothWidths('refused-list', async () => {
      await listRows(page, page.viewportSize()!.width < 600, 'Avvist – venter på refusjon')
        .first()
        .waitFor();
    });
    // The list's search finds the buyer by address, as any other order.
    await searchList(page, false, refusedBuyer, refusedBuyer);

    await page.goto(`/admin/orders/${id}/show`);
    const outcome = page.getByText(/^Avvist: kjøperen hadde kurset fra før/);
    expect(plain(await outcome.textContent())).toBe(
      'Avvist: kjøperen hadde kurset fra før. Pengene er ikke refundert ennå: det prøves på nytt hvert 10. minutt, eller refunder nå.',
    );
    await expect(page.getByText('refundert med en gang').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Refunder' }).click();
    const dialog = page.getByRole('dialog', { name: `Refunder ordre ${id}` });
    await dialog.waitFor();
    const text = plain(await dialog.textContent());
    expect(text).not.toContain('mister tilgangen');
    expect(text).toContain('kjøperen fikk ingen tilgang gjennom denne ordren');
    await atBothWidths('refused-dialog');
    await dialog.getByRole('button', { name: 'Avbryt' }).click();
  });

  it('a mail refused for good says what it means, offers to correct the address, and the student is marked', async () => {
    const res = await page.request.get(`/api/admin/outbox?filter=${encodeURIComponent(JSON.stringify({ q: bounced }))}`);
    const mail = ((await res.json()) as Array<{ id: number; status: string }>).find((m) => m.status === 'failed')!;
    await page.goto(`/admin/outbox/${mail.id}/show`);
    const failure = page.getByTestId('mail-failure');
    await failure.getByText('Adressen finnes ikke eller tar ikke imot e-post.').waitFor();
    // The server's own words only behind the toggle.
    const raw = failure.locator('code');
    await expect(raw.isVisible()).resolves.toBe(false);
    await failure.getByText('Vis feilmeldingen fra e-posttjeneren').click();
    await expect(raw.textContent()).resolves.toMatch(/550/);
    await expect(page.getByRole('button', { name: 'Send på nytt' }).count()).resolves.toBe(0);
    await atBothWidths('mail-failure');

    await page.getByTestId('correct-address').click();
    await page.waitForURL(/\/admin\/users\/\d+\/show/);
    await page.getByTestId('mail-bounced').waitFor();
    await atBothWidths('student-bounced');
  });
});
