/**
 * 'Utgående e-post' in the admin panel: the mentor opens it from the menu, finds the welcome mail a
 * free sign-up sent, reads it (its one-time link hidden) and sends it again (a new copy reaches the
 * inbox); a welcome mail the mail server refused for good is listed as Feilet, and its page offers to
 * correct the address instead of 'Send på nytt' (it would bounce again).
 *
 * Needs the production builds: `npm run build` (frontend, admin, backend).
 */
import type { Locator, Page } from 'playwright-core';
import { signInToAdmin } from './support/admin';
import { isWelcome } from './support/mail';
import { signUpFree, uniqueEmail } from './support/site';
import { ADMIN, useBrowserJourney } from './support/journey';

/** Polls until `check` holds (10 s at most). */
async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe("admin panel: 'Utgående e-post'", () => {
  let page: Page;
  const errors: string[] = [];
  const delivered = uniqueEmail('velkommen');
  const refused = uniqueEmail('avvist');

  const row = (address: string): Locator => page.locator('tbody tr', { hasText: address });
  const welcomesTo = (address: string) => journey.sink.messages.filter(isWelcome(address)).length;

  /** The outbox's statuses for one address, through the admin API with the mentor's session. */
  const statusesOf = async (address: string): Promise<string[]> => {
    const res = await page.request.get(`/api/admin/outbox?filter=${encodeURIComponent(JSON.stringify({ q: address }))}`);
    expect(res.status()).toBe(200);
    return ((await res.json()) as Array<{ status: string }>).map((m) => m.status);
  };

  const journey = useBrowserJourney({ mail: true });

  beforeAll(async () => {
    // One welcome mail is delivered…
    expect((await signUpFree(journey.server.url, delivered)).status).toBe(200);
    await journey.sink.waitFor(isWelcome(delivered), 15_000);
    // …and one is refused for good (550), so the outbox gives it up at once.
    journey.sink.setMode('reject');
    expect((await signUpFree(journey.server.url, refused)).status).toBe(200);

    ({ page } = await journey.newPage(1280, { consent: false, problems: errors }));
    await signInToAdmin(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/admin\/?$/);
    await until(async () => (await statusesOf(refused)).includes('failed'), 'the refused welcome mail to be failed');
    // The mail server takes mail again from here on: a new try now gets through.
    journey.sink.setMode('accept');
  });

  it('opens Utgående e-post from the menu and finds the delivered welcome mail by its address', async () => {
    await page.getByRole('menuitem', { name: 'Utgående e-post' }).click();
    await page.waitForURL(/\/admin\/outbox/);
    await row(refused).waitFor();
    await page.getByPlaceholder('Søk på adresse eller emne').fill(delivered);
    await row(refused).waitFor({ state: 'detached' });
    expect(await page.locator('tbody tr').count()).toBe(1);
    await row(delivered).getByText('Velkomst (Starter)').waitFor();
    await row(delivered).locator('.MuiChip-label', { hasText: 'Sendt' }).waitFor();
  });

  it('shows the message with its one-time link hidden, and sends it again as a new copy that reaches the inbox', async () => {
    await row(delivered).click();
    await page.waitForURL(/\/admin\/outbox\/\d+\/show$/);
    const original = page.url();
    await page.getByText('Du har nå gratis tilgang til Starter-kurset.').waitFor();
    const text = (await page.locator('pre').textContent()) ?? '';
    expect(text).toContain('/auto-login#token=[skjult]');
    expect(text).not.toMatch(/token=[A-Za-z0-9_-]{20,}/);
    expect(welcomesTo(delivered)).toBe(1);

    await page.getByRole('button', { name: 'Send på nytt' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`En ny kopi sendes til ${delivered}.`).waitFor();
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('En ny kopi er lagt i køen').waitFor();
    // The panel goes on to the copy, a message of its own.
    await page.waitForURL((u) => /\/admin\/outbox\/\d+\/show$/.test(u.pathname) && u.href !== original);
    await page.getByText('Du har nå gratis tilgang til Starter-kurset.').waitFor();
    await until(() => welcomesTo(delivered) === 2, 'the copy to reach the inbox');
  });

  it('lists the refused mail as Feilet and, refused for good, offers to correct the address instead of sending again', async () => {
    await page.getByRole('link', { name: 'Tilbake til listen' }).click();
    await page.waitForURL(/\/admin\/outbox$|\/admin\/outbox\?/);
    await page.getByPlaceholder('Søk på adresse eller emne').fill(refused);
    await row(delivered).first().waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Feilet' }).click();
    // The list takes a filter into its address a moment after the choice: the refused mail is already
    // the one row, and a click before that moment opened the message only for the list to come back.
    await page.waitForURL((u) => /"status":"failed"/.test(decodeURIComponent(u.search)));
    await row(refused).locator('.MuiChip-label', { hasText: 'Feilet' }).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(1);
    await row(refused).click();
    await page.waitForURL(/\/admin\/outbox\/\d+\/show$/);
    // The message itself (its text is only on the show page; the list may linger while it loads).
    await page.getByText('Du har nå gratis tilgang til Starter-kurset.').waitFor();
    await page.locator('.MuiChip-label', { hasText: 'Feilet' }).waitFor();
    expect(welcomesTo(refused)).toBe(0);

    // Refused for good (550): sending again would bounce again, so the panel offers to correct the
    // address instead of «Send på nytt».
    await page.getByRole('link', { name: /^(Rett adressen hos eleven|Finn leaden med adressen)$/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Send på nytt' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
