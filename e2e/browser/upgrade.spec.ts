/**
 * Upgrade for the difference and the crypto series at checkout (demo payments): a buyer of Foundation
 * opens Accelerator's checkout and sees the credit on its own line and the difference as the total;
 * the crypto page's Microkurs tab leads to its checkout. Screenshots of the checkout and the dashboard
 * at phone and desktop widths go to /tmp.
 * Run `npm run build` first, then `npx jest --config e2e/jest.browser.config.js e2e/browser/upgrade.spec.ts`.
 */
import type { Page } from 'playwright-core';
import { uniqueEmail, visit } from './support/site';
import { atOtherWidth, PHONE, useBrowserJourney } from './support/journey';

const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('upgrade and the crypto series at checkout (demo payments)', () => {
  const journey = useBrowserJourney();

  async function page(width: number): Promise<Page> {
    const ctx = await journey.newContext(width, { height: width < 500 ? 844 : 900 });
    return ctx.newPage();
  }

  it('on a phone (each screen also on a computer): a Foundation buyer sees the credit on its own line and pays the difference', async () => {
    const width = PHONE;
    const p = await page(width);
    const problems: string[] = [];
    await p.goto('/bestill?course=foundation');
    await p.getByLabel('E-post').fill(uniqueEmail('oppgrader'));
    await p.getByLabel('Fornavn').fill('Kari');
    await p.getByLabel('Etternavn').fill('Nordmann');
    await p.getByRole('checkbox', { name: /angrerett/i }).check();
    await p.getByRole('checkbox', { name: /risiko for tap/i }).check();
    await p.getByTestId('checkout-submit').click();
    await p.waitForURL((u) => u.pathname === '/betaling/fullfort', { timeout: 15_000 });

    await p.goto('/bestill?course=accelerator');
    const credit = p.getByTestId('checkout-upgrade-credit');
    await credit.waitFor({ timeout: 10_000 });
    expect(flat(await credit.innerText())).toMatch(/^Fratrekk for Foundation du har kjøpt −1\s?997 kr$/);
    expect(flat(await p.getByTestId('checkout-total').innerText())).toMatch(/^3\s?000 kr$/);
    expect(flat(await p.getByTestId('checkout-submit').innerText())).toContain('3');
    await p.screenshot({ path: `/tmp/checkout-upgrade-${width}.png`, fullPage: true });
    await atOtherWidth(p, 'checkout-upgrade', problems);

    await p.goto('/dashboard');
    await p.locator('[data-course="microkurs"]').waitFor({ timeout: 10_000 });
    expect(await p.locator('[data-course="kryptovaluta"]').innerText()).toContain('Følger med VIP, eller kan gis av mentoren.');
    await p.screenshot({ path: `/tmp/dashboard-${width}.png`, fullPage: true });
    await atOtherWidth(p, 'dashboard', problems);
    expect(problems).toEqual([]);
    await p.context().close();
  });

  it('the crypto page: Microkurs leads to its checkout, at 499 kr, without Klarna', async () => {
    const p = await page(390);
    await visit(p, '/kryptovaluta-trading-kurs');
    await p.getByRole('tab', { name: /Microkurs/ }).click();
    await p.getByTestId('buy-microkurs').click();
    await p.waitForURL((u) => u.pathname === '/bestill' && u.searchParams.get('course') === 'microkurs');
    expect(flat(await p.getByTestId('checkout-total').innerText())).toMatch(/^499 kr$/);
    expect(await p.getByRole('radio', { name: /Klarna/ }).count()).toBe(0);
    await p.screenshot({ path: '/tmp/checkout-microkurs-390.png', fullPage: true });
    await p.context().close();
  });
});
