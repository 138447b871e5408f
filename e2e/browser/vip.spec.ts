/**
 * VIP at checkout and on the dashboard (demo payments): the crypto page's VIP tab leads to VIP's
 * checkout at 5 000 kr with Klarna offered; once bought, the dashboard shows the access period, the
 * renewal and the VIP community, and the included courses open. Screenshots at phone and desktop
 * widths go to /tmp.
 * Run `npm run build` first, then `npx jest --config e2e/jest.browser.config.js e2e/browser/vip.spec.ts`.
 */
import type { Page } from 'playwright-core';
import { uniqueEmail, visit } from './support/site';
import { atOtherWidth, PHONE, useBrowserJourney } from './support/journey';

const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('VIP at checkout and on the dashboard (demo payments)', () => {
  // The VIP community's own invitation (without one the button is hidden: second-contact.spec).
  const journey = useBrowserJourney({ env: { VIP_COMMUNITY_URL: 'https://discord.gg/vip-eksempel' } });

  async function page(width: number): Promise<Page> {
    const ctx = await journey.newContext(width, { height: width < 500 ? 844 : 900 });
    return ctx.newPage();
  }

  it('on a phone (each screen also on a computer): the VIP tab leads to checkout, and the dashboard shows the period after the purchase', async () => {
    const width = PHONE;
    const p = await page(width);
    const problems: string[] = [];
    await visit(p, '/kryptovaluta-trading-kurs');
    await p.getByRole('tab', { name: /VIP/ }).click();
    await p.getByTestId('buy-vip').click();
    await p.waitForURL((u) => u.pathname === '/bestill' && u.searchParams.get('course') === 'vip');
    expect(flat(await p.getByTestId('checkout-total').innerText())).toMatch(/^5\s?000 kr$/);
    expect(await p.getByRole('radio', { name: /Klarna/ }).count()).toBe(1);
    // A membership: 12 months of access, not for life.
    expect(await p.getByText('12 måneders tilgang').count()).toBe(1);
    expect(await p.getByText('Livstidstilgang').count()).toBe(0);
    await p.screenshot({ path: `/tmp/checkout-vip-${width}.png`, fullPage: true });
    await atOtherWidth(p, 'checkout-vip', problems);

    await p.getByLabel('E-post').fill(uniqueEmail('vip'));
    await p.getByLabel('Fornavn').fill('Kari');
    await p.getByLabel('Etternavn').fill('Nordmann');
    await p.getByRole('checkbox', { name: /angrerett/i }).check();
    // The risk acknowledgement, where the form asks for it.
    const risk = p.getByRole('checkbox', { name: /risiko for tap/i });
    if ((await risk.count()) > 0) await risk.check();
    await p.getByTestId('checkout-submit').click();
    await p.waitForURL((u) => u.pathname === '/betaling/fullfort', { timeout: 15_000 });

    await p.goto('/dashboard');
    const panel = p.getByTestId('membership-vip');
    await panel.waitFor({ timeout: 10_000 });
    const text = flat(await panel.innerText());
    expect(text).toContain('VIP-medlemskap');
    expect(text).toMatch(/Tilgangsperiode: .+ – .+\. 36[56] dager igjen\./);
    expect(text).toContain('fornyes ikke automatisk');
    expect(await panel.getByRole('link', { name: 'Forny VIP' }).getAttribute('href')).toBe('/bestill?course=vip');
    expect(await panel.getByRole('link', { name: 'Åpne VIP-fellesskapet' }).getAttribute('href')).toBe(
      'https://discord.gg/vip-eksempel',
    );
    // The included courses open; Kryptovaluta says where it comes from.
    expect(await p.locator('[data-course="kryptovaluta"]').innerText()).toContain('Inkludert i VIP');
    await p.screenshot({ path: `/tmp/dashboard-vip-${width}.png`, fullPage: true });
    await atOtherWidth(p, 'dashboard-vip', problems);
    expect(problems).toEqual([]);
    await p.context().close();
  });
});
