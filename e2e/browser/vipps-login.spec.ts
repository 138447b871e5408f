/**
 * «Logg inn med Vipps» (issue 49) in Chromium at 390 and 1366 px, against the fake Vipps Login (its
 * hosted page stands in for Vipps, with «Godkjenn» and «Avbryt»): signing in from the sign-in page,
 * filling the order form with Vipps and reaching the course after paying, confirming the link to an
 * existing account and «Koble fra Vipps» in the settings. Each screen is checked with axe and must not
 * scroll sideways.
 *
 * Needs the production builds: `npm run build`.
 */
import { randomUUID } from 'node:crypto';
import { User } from '../../backend/src/identity/entities/user.entity';
import { hashPassword } from '../../backend/src/platform/crypto/password';
import { attributionColumns } from '../../backend/src/platform/dto/attribution.dto';
import { startFakeVippsLogin, type FakeVippsLogin } from '../api/support/fake-vipps-login';
import { useBrowserJourney } from './support/journey';
import { at, uniqueEmail, until } from './support/site';

jest.setTimeout(120_000);

let fake: FakeVippsLogin;
const env: Record<string, string> = {};
// The fake is up before the journey starts the server with its address.
beforeAll(async () => {
  fake = await startFakeVippsLogin();
  Object.assign(env, fake.env());
});
afterAll(() => fake?.close());

const journey = useBrowserJourney({ env, db: true });

beforeAll(() => {
  fake.redirectUris.add(`${journey.server.url}/api/auth/vipps/callback`);
});

const newPerson = () => ({
  sub: randomUUID(),
  email: uniqueEmail('vipps'),
  email_verified: true,
  given_name: 'Kari',
  family_name: 'Vippsen',
});

describe('Logg inn med Vipps', () => {
  it('from the sign-in page (phone): cancelled is said, approved makes the account and signs in', async () => {
    const { ctx, page, problems } = await journey.newPage(390);
    fake.person = newPerson();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Logg inn med Vipps' }).click();
    await page.getByRole('button', { name: 'Avbryt' }).click();
    await at(page, '/login');
    await page.getByText('Du avbrøt innloggingen i Vipps').waitFor();
    await journey.checkScreen(page, 'sign-in page after cancel (390)', problems);
    await page.screenshot({ path: '/tmp/vipps-login-390.png', fullPage: true });

    await page.getByRole('link', { name: 'Logg inn med Vipps' }).click();
    await page.getByRole('button', { name: 'Godkjenn' }).click();
    await at(page, '/dashboard');
    const me = (await (await page.request.get('/api/auth/me')).json()) as { email: string; vippsLinked: boolean };
    expect(me).toMatchObject({ email: fake.person.email, vippsLinked: true });
    expect(problems).toEqual([]);
    await ctx.close();
  });

  it('«Fyll ut med Vipps» at the order form (computer): signed in, names filled, paid, on to the course', async () => {
    const { ctx, page, problems } = await journey.newPage(1366);
    fake.person = newPerson();
    await page.goto('/bestill?course=foundation');
    await page.getByRole('checkbox', { name: /angrerett/i }).check();
    await journey.checkScreen(page, 'order form (1366)', problems);
    await page.getByRole('link', { name: 'Fyll ut med Vipps' }).click();
    await page.getByRole('button', { name: 'Godkjenn' }).click();
    await at(page, '/bestill');
    // Signed in: the account's address (locked) and the names Vipps gave.
    await until(() => page.getByLabel('E-post').inputValue(), fake.person.email);
    await until(() => page.getByLabel('Fornavn').inputValue(), 'Kari');
    expect(await page.getByLabel('Etternavn').inputValue()).toBe('Vippsen');
    // What was ticked before Vipps is still ticked.
    expect(await page.getByRole('checkbox', { name: /angrerett/i }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: /risiko for tap/i }).check();
    await journey.checkScreen(page, 'order form filled by Vipps (1366)', problems);
    await page.screenshot({ path: '/tmp/vipps-checkout-1366.png', fullPage: true });
    await page.getByTestId('checkout-submit').click();
    await at(page, '/betaling/fullfort', { timeout: 15_000 });
    await page.getByRole('link', { name: 'Start kurset' }).click();
    await at(page, '/course/foundation');
    expect(problems).toEqual([]);
    await ctx.close();
  });

  it('an existing account: confirmed with its password (phone), then «Koble fra Vipps» in the settings (computer)', async () => {
    const email = uniqueEmail('konto');
    const now = new Date();
    const users = journey.db.getRepository(User);
    await users.insert(
      users.create({
        email,
        passwordHash: await hashPassword('mitt-gode-passord-1'),
        role: 'student',
        firstName: 'Ola',
        lastName: 'Konto',
        attribution: attributionColumns(null),
        createdAt: now,
        updatedAt: now,
        passwordChangedAt: now,
        claimedAt: now,
      }),
    );
    fake.person = { ...newPerson(), email };
    const { ctx, page, problems } = await journey.newPage(390);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Logg inn med Vipps' }).click();
    await page.getByRole('button', { name: 'Godkjenn' }).click();
    await at(page, '/login/vipps');
    await page.getByRole('heading', { name: 'Koble Vipps til kontoen din' }).waitFor();
    await journey.checkScreen(page, 'confirm the link (390)', problems);
    await page.screenshot({ path: '/tmp/vipps-confirm-390.png', fullPage: true });
    await page.getByLabel('Passord', { exact: true }).fill('mitt-gode-passord-1');
    await page.getByRole('button', { name: 'Bekreft og koble til' }).click();
    await at(page, '/dashboard');

    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/account/settings');
    const section = page.getByTestId('vipps');
    await section.getByRole('heading', { name: 'Vipps' }).waitFor();
    await journey.checkScreen(page, 'settings with Vipps (1366)', problems);
    await section.getByRole('button', { name: 'Koble fra Vipps' }).click();
    await section.getByText('Vipps er koblet fra kontoen').waitFor();
    await page.screenshot({ path: '/tmp/vipps-settings-1366.png', fullPage: true });
    const me = (await (await page.request.get('/api/auth/me')).json()) as { vippsLinked: boolean };
    expect(me.vippsLinked).toBe(false);
    expect(problems).toEqual([]);
    await ctx.close();
  });
});
