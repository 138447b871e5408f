/**
 * The private Discord (issue 26), on a phone (390 px), each screen also rendered on a computer (1366 px): a Foundation buyer
 * opens account settings, presses "Koble til Discord", consents on Discord's page (the fake's), comes
 * back linked with the Foundation role on the server, and unlinks again. Checked with axe (WCAG 2.1 A
 * and AA); the page must not scroll sideways.
 *
 * Needs the production builds: `npm run build`.
 */
import { FAKE_DISCORD } from '../api/support/fake-discord';
import { buyDemo } from './support/site';
import { uniqueEmail } from './support/site';
import { atOtherWidth, PHONE, useBrowserJourney } from './support/journey';

jest.setTimeout(120_000);

const journey = useBrowserJourney({ fakes: { discord: true } });

describe('Discord in account settings on a phone', () => {
  const width = PHONE;
  it('a buyer links Discord, gets the course role, and unlinks', async () => {
    const problems: string[] = [];
    const errors: string[] = [];
    const account = { id: String(400000000000000000n + BigInt(width)), username: `kari_${width}` };

    const ctx = await journey.newContext(width);
    await buyDemo(ctx.request, 'foundation', uniqueEmail('discord'));
    const page = await ctx.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    // On Discord's authorize page the member is signed in and presses "Authorize" (the fake sends them back).
    journey.discord.signedInAs = account;
    await page.goto('/account/settings');
    const section = page.getByTestId('discord');
    await section.getByRole('heading', { name: 'Discord' }).waitFor();
    await journey.checkScreen(page, 'settings before linking', problems);
    await atOtherWidth(page, 'settings before linking', problems);
    await page.screenshot({ path: `/tmp/discord-settings-${width}.png`, fullPage: true });

    await section.getByRole('link', { name: 'Koble til Discord' }).click();
    await page.waitForURL((u) => u.pathname === '/account/settings' && u.searchParams.get('discord') === 'linked');
    await section.getByText(account.username).waitFor();
    await journey.checkScreen(page, 'settings linked', problems);
    await atOtherWidth(page, 'settings linked', problems);
    await page.screenshot({ path: `/tmp/discord-linked-${width}.png`, fullPage: true });
    expect([...(journey.discord.members.get(account.id) ?? [])]).toEqual([FAKE_DISCORD.roles.foundation]);

    await section.getByRole('button', { name: /Koble fra/ }).click();
    await section.getByRole('link', { name: 'Koble til Discord' }).waitFor();
    expect([...(journey.discord.members.get(account.id) ?? [])]).toEqual([]);

    expect({ problems, errors }).toEqual({ problems: [], errors: [] });
    await ctx.close();
  });
});
