/**
 * The private Discord (issue 26), on a phone (390 px) and a computer (1366 px): a Foundation buyer
 * opens account settings, presses "Koble til Discord", consents on Discord's page (the fake's), comes
 * back linked with the Foundation role on the server, and unlinks again. Checked with axe (WCAG 2.1 A
 * and AA); the page must not scroll sideways.
 *
 * Needs the production builds: `npm run build`.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { FAKE_DISCORD, startFakeDiscord, type FakeDiscord } from '../api/support/fake-discord';
import { launchBrowser, newContext } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { storeConsent, uniqueEmail } from './support/site';

jest.setTimeout(120_000);

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

let server: RunningServer;
let browser: Browser;
let fake: FakeDiscord;

beforeAll(async () => {
  fake = await startFakeDiscord();
  server = await startServer(fake.env());
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
});

async function check(page: Page, screen: string, problems: string[]): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  const viewport = page.viewportSize()!.width;
  if (width > viewport) problems.push(`${screen}: ${width} px wide in a ${viewport} px window`);
  const result = await new AxeBuilder({ page: page as never }).withTags(AXE_TAGS).analyze();
  for (const v of result.violations) problems.push(`${screen}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

describe.each([
  ['a phone', 390],
  ['a computer', 1366],
])('Discord in account settings on %s', (_label, width) => {
  it('a buyer links Discord, gets the course role, and unlinks', async () => {
    const problems: string[] = [];
    const errors: string[] = [];
    const account = { id: String(400000000000000000n + BigInt(width)), username: `kari_${width}` };

    const ctx = await newContext(browser, server.url, { width, height: 900 });
    await storeConsent(ctx);
    const bought = await ctx.request.post('/api/checkout/sessions', {
      data: {
        courseId: 'foundation',
        email: uniqueEmail('discord'),
        firstName: 'Kari',
        lastName: 'Nordmann',
        paymentMethod: 'vipps',
        acceptTerms: true,
        acceptRisk: true,
      },
    });
    expect(bought.status()).toBe(201);
    const page = await ctx.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    // On Discord's authorize page the member is signed in and presses "Authorize" (the fake sends them back).
    fake.signedInAs = account;
    await page.goto('/account/settings');
    const section = page.getByTestId('discord');
    await section.getByRole('heading', { name: 'Discord' }).waitFor();
    await check(page, 'settings before linking', problems);
    await page.screenshot({ path: `/tmp/discord-settings-${width}.png`, fullPage: true });

    await section.getByRole('link', { name: 'Koble til Discord' }).click();
    await page.waitForURL((u) => u.pathname === '/account/settings' && u.searchParams.get('discord') === 'linked');
    await section.getByText(account.username).waitFor();
    await check(page, 'settings linked', problems);
    await page.screenshot({ path: `/tmp/discord-linked-${width}.png`, fullPage: true });
    expect([...(fake.members.get(account.id) ?? [])]).toEqual([FAKE_DISCORD.roles.foundation]);

    await section.getByRole('button', { name: /Koble fra/ }).click();
    await section.getByRole('link', { name: 'Koble til Discord' }).waitFor();
    expect([...(fake.members.get(account.id) ?? [])]).toEqual([]);

    expect({ problems, errors }).toEqual({ problems: [], errors: [] });
    await ctx.close();
  });
});
