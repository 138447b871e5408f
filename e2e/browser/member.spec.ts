/**
 * Member area journeys (issue 5): login, dashboard, course player with saved progress, account
 * settings and privacy rights, on the production build. Run `npm run build` first, then
 * `npx jest --config e2e/jest.browser.config.js e2e/browser/member.spec.ts`.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { MSG, includedCourses } from '@academy/contracts';
import { Course } from '../../backend/src/catalog/entities/course.entity';
import { CourseModule } from '../../backend/src/catalog/entities/course-module.entity';
import { Grant } from '../../backend/src/access/entities/grant.entity';
import { Progress } from '../../backend/src/access/entities/progress.entity';
import { User } from '../../backend/src/identity/entities/user.entity';
import { tokenOf, welcomeLink } from './support/mail';
import { at, login, setPasswordByLink, signUpFree, uniqueEmail, downloaded } from './support/site';
import { useBrowserJourney } from './support/journey';

const VIDEO_ID = 'abcDEF12345';

// The server's own database file is opened beside it (SQLite in WAL mode allows that).
const journey = useBrowserJourney({ mail: true, db: true });

beforeAll(async () => {
  // The first Foundation module gets a video (before anything asked for the course, so nothing is cached).
  await journey.db.getRepository(CourseModule).update({ courseId: 'foundation', position: 0 }, { videoId: VIDEO_ID });
});

/**
 * A student made the way the site makes them: the free sign-up (`POST /api/create-user`, no session),
 * the sign-in link from the welcome mail, then, with a password, that link used and the password set
 * through the API. Paid courses are granted straight in the server's database (the admin API is
 * another area).
 */
async function seedStudent(
  opts: { password?: string | null; courses?: string[] } = {},
): Promise<{ email: string; password: string | null; token: string | null }> {
  const email = uniqueEmail();
  const created = await signUpFree(journey.server.url, email);
  expect(created.status).toBe(200);
  expect(created.json).toEqual({ success: true });
  expect(created.cookie).toBeNull();
  let token: string | null = tokenOf(await welcomeLink(journey.sink, journey.server.url, email));
  const password = opts.password === undefined ? 'hemmelig123' : opts.password;
  if (password) {
    await setPasswordByLink(journey.server.url, token, password);
    token = null;
  }
  const { id } = await journey.db.getRepository(User).findOneByOrFail({ email });
  for (const courseId of opts.courses ?? []) {
    const grant = await journey.db.getRepository(Grant).save({ userId: id, courseId, source: 'manual', grantedAt: new Date() });
    // As the grants service does: the courses it includes (Accelerator → Foundation) come with it.
    for (const included of includedCourses(courseId))
      await journey.db
        .getRepository(Grant)
        .insert({ userId: id, courseId: included, source: 'included', grantedAt: new Date(), includedByGrantId: grant.id });
  }
  return { email, password, token };
}

/** A fresh context with a stored cookie choice (no banner) and YouTube kept off the network. */
async function open(): Promise<{ ctx: BrowserContext; page: Page; errors: string[]; external: string[] }> {
  const ctx = await journey.newContext(1280);
  const external: string[] = [];
  await ctx.route(/^https:\/\/(i\.ytimg\.com|www\.youtube-nocookie\.com)\//, (route) => {
    external.push(route.request().url());
    return route.fulfill({ status: 204, body: '' });
  });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return { ctx, page, errors, external };
}

function osloDate(d: Date): string {
  return new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    d,
  );
}

describe('login', () => {
  it('a wrong password shows the error; the right one signs in and returns to the page asked for', async () => {
    const s = await seedStudent();
    const { ctx, page, errors } = await open();
    await page.goto('/account/settings');
    await page.waitForURL(/\/login\?next=%2Faccount%2Fsettings$/);
    await expect(page.getByRole('link', { name: 'Kjøp et kurs' }).getAttribute('href')).resolves.toBe('/');
    await expect(page.getByRole('link', { name: /Tilbake til forsiden/ }).getAttribute('href')).resolves.toBe('/');
    await expect(page.getByRole('link', { name: 'Glemt passord?' }).getAttribute('href')).resolves.toBe('/glemt-passord');

    // Show/hide the password.
    const pw = page.getByLabel('Passord', { exact: true });
    await pw.fill('feil-passord');
    expect(await pw.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Vis passord' }).click();
    expect(await pw.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Skjul passord' }).click();
    expect(await pw.getAttribute('type')).toBe('password');

    await login(page, s.email, 'feil-passord');
    await expect(page.getByRole('alert').innerText()).resolves.toBe('Ugyldig e-post eller passord');
    await login(page, s.email, s.password!);
    await at(page, '/account/settings');
    await page.getByRole('heading', { name: 'Kontoinnstillinger' }).waitFor();

    // Signed in: /login goes straight on to the dashboard; a foreign `next` is ignored.
    await page.goto('/login?next=//evil.example/x');
    await at(page, '/dashboard');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('an unknown, used or missing one-time link explains itself and links to the login', async () => {
    const s = await seedStudent({ password: null });
    const { ctx, page } = await open();
    await page.goto(`/auto-login#token=${s.token}&next=/course/starter`);
    await at(page, '/course/starter');
    await page.context().clearCookies();
    // The same link in the older form (token in the query): used, and out of the address bar at once.
    await page.goto(`/auto-login?token=${s.token}`);
    expect(page.url()).toBe(`${journey.server.url}/auto-login`);
    await expect(page.getByRole('alert').innerText()).resolves.toBe(
      'Lenken er ugyldig eller utløpt. Logg inn eller be om en ny lenke.',
    );
    await page.getByRole('link', { name: 'Gå til innlogging' }).click();
    await at(page, '/login');
    await page.goto('/auto-login');
    await page.getByRole('alert').waitFor();
    await ctx.close();
  });
});

describe('dashboard', () => {
  it('owned courses link to the player with the real module count; the others are locked; guards send strays back', async () => {
    const s = await seedStudent({ courses: ['foundation'] });
    const { ctx, page, errors } = await open();
    await page.goto('/login');
    await login(page, s.email, s.password!);
    await at(page, '/dashboard');
    await page.getByRole('heading', { name: 'Mine kurs' }).waitFor();
    await page.getByText('Velkommen tilbake').waitFor();
    expect(await page.locator('.dashboard__email').innerText()).toBe(s.email);
    expect(await page.locator('.notice').count()).toBe(0);

    const starter = page.locator('a[data-course="starter"]');
    expect(await starter.getAttribute('href')).toBe('/course/starter');
    expect(await starter.innerText()).toContain('Gratis tilgang');

    const foundation = page.locator('a[data-course="foundation"]');
    expect(await foundation.getAttribute('href')).toBe('/course/foundation');
    // The card shows the module count until the progress has loaded, then how much is done.
    await foundation.getByText('0 av 8 fullført').waitFor();
    const ftext = await foundation.innerText();
    expect(ftext).toContain('Foundation');
    expect(ftext).toContain('Komplett tradingfundament');
    expect(ftext).toContain('0 av 8 fullført');

    for (const id of ['accelerator', 'kryptovaluta']) {
      expect(await page.locator(`a[data-course="${id}"]`).count()).toBe(0);
      expect(await page.locator(`[data-course="${id}"]`).innerText()).toContain('Ingen tilgang');
    }
    expect(
      await page.locator('[data-course="accelerator"]').getByRole('link', { name: 'Kjøp tilgang' }).getAttribute('href'),
    ).toBe('/kurs/accelerator');
    // Kryptovaluta is not sold on its own: the card says how to get it and links to where VIP is sold.
    const crypto = page.locator('[data-course="kryptovaluta"]');
    expect(await crypto.innerText()).toContain('Følger med VIP, eller kan gis av mentoren.');
    expect(await crypto.getByRole('link').count()).toBe(1);
    expect(await crypto.getByRole('link', { name: 'Les om VIP' }).getAttribute('href')).toBe('/kryptovaluta-trading-kurs');
    expect(await page.getByRole('link', { name: 'Administrer konto' }).getAttribute('href')).toBe('/account/settings');
    expect(await page.getByRole('link', { name: 'Adminpanel' }).count()).toBe(0);

    // A course not owned says so with the way to buy it; an unknown course id says it was not found (issue 33).
    await page.goto('/course/accelerator');
    await page.getByRole('heading', { name: 'Du har ikke tilgang til Accelerator' }).waitFor();
    expect(page.url()).toMatch(/\/course\/accelerator$/);
    await page.goto('/course/finnes-ikke');
    await page.getByRole('heading', { name: 'Fant ikke kurset' }).waitFor();
    await page.getByRole('link', { name: 'Til Mine kurs' }).click();
    await at(page, '/dashboard');

    await page.getByRole('button', { name: 'Logg ut' }).click();
    await at(page, '/');
    await page.goto('/dashboard');
    await page.waitForURL(/\/login\?next=%2Fdashboard$/);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('an Accelerator grant shows Foundation as included, opens it in the player, and every card shows progress', async () => {
    const s = await seedStudent({ courses: ['accelerator'] });
    const { id } = await journey.db.getRepository(User).findOneByOrFail({ email: s.email });
    // Starter already done (four modules).
    const starterIds = (await journey.db.getRepository(CourseModule).find({ where: { courseId: 'starter' } })).map((m) => m.id);
    await journey.db.getRepository(Progress).insert({
      userId: id,
      courseId: 'starter',
      completedModules: starterIds,
      currentModule: 3,
      lastUpdated: new Date(),
    });
    const { ctx, page, errors } = await open();
    await page.goto('/login');
    await login(page, s.email, s.password!);
    await at(page, '/dashboard');

    const foundation = page.locator('a[data-course="foundation"]');
    await foundation.waitFor();
    expect(await foundation.innerText()).toContain('Inkludert i Accelerator');
    await foundation.getByText('0 av 8 fullført').waitFor();
    const accelerator = page.locator('a[data-course="accelerator"]');
    expect(await accelerator.innerText()).not.toContain('Inkludert');
    await accelerator.getByText('0 av 12 fullført').waitFor();
    await page.locator('a[data-course="starter"]').getByText('Fullført', { exact: true }).waitFor();
    expect(await page.locator('a[data-course="starter"]').innerText()).not.toContain('av 4');

    await foundation.click();
    await at(page, '/course/foundation');
    expect(await page.getByTestId('player-eyebrow').textContent()).toBe('Inkludert i Accelerator');
    await page.getByRole('button', { name: 'Marker som fullført' }).click();
    await page.getByRole('button', { name: 'Fullført', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await at(page, '/dashboard');
    await page.locator('a[data-course="foundation"]').getByText('1 av 8 fullført').waitFor();
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('an admin sees every course and a link to the admin panel', async () => {
    const { ctx, page } = await open();
    await page.goto('/login');
    await login(page, 'admin@example.no', 'admin-passord-123');
    await at(page, '/dashboard');
    for (const id of ['foundation', 'accelerator', 'kryptovaluta']) await page.locator(`a[data-course="${id}"]`).waitFor();
    expect(await page.getByRole('link', { name: 'Adminpanel' }).getAttribute('href')).toBe('/admin');
    await ctx.close();
  });
});

describe('course player', () => {
  it('Starter without an account: e-mail from the query, the overlay, topics, and on to "Grunnlaget er lagt"', async () => {
    const { ctx, page, errors } = await open();
    await page.goto('/course/starter?email=besoker%40example.no');
    await page.getByRole('heading', { level: 1, name: 'Trading er ikke gambling' }).waitFor();
    expect(await page.getByTestId('player-email').innerText()).toBe('besoker@example.no');
    expect(await page.getByTestId('video-overlay').innerText()).toContain('Videoen kommer snart');
    await page.getByRole('heading', { name: 'Du lærer' }).waitFor();
    expect(await page.getByTestId('progress-percent').innerText()).toBe('0%');
    expect(await page.getByRole('link', { name: /Se Foundation/ }).getAttribute('href')).toBe('/kurs/foundation');

    const prev = page.getByRole('button', { name: 'Forrige' });
    const next = page.getByRole('button', { name: 'Neste', exact: true });
    expect(await prev.isDisabled()).toBe(true);
    expect(await page.locator('.player-card--next').innerText()).toContain('Oppsett av TradingView');

    const titles = ['Trading er ikke gambling', 'Oppsett av TradingView', 'Markedsstruktur', 'Bygg en ferdighet'];
    for (let i = 0; i < titles.length; i++) {
      await page.getByRole('heading', { level: 1, name: titles[i] }).waitFor();
      await page.getByRole('button', { name: 'Marker som fullført' }).click();
      const done = page.getByRole('button', { name: 'Fullført', exact: true });
      expect(await done.isDisabled()).toBe(true);
      expect(await page.getByTestId('progress-percent').innerText()).toBe(`${Math.round(((i + 1) / 4) * 100)}%`);
      if (i < titles.length - 1) await next.click();
    }
    expect(await next.isDisabled()).toBe(true);
    expect(await prev.isDisabled()).toBe(false);
    await page.getByRole('heading', { name: 'Grunnlaget er lagt' }).waitFor();
    expect(await page.getByRole('link', { name: 'Oppgrader til Foundation' }).getAttribute('href')).toBe('/kurs/foundation');
    expect(errors).toEqual([]);

    // Signed out, the progress is kept in this browser (and only there: nothing was sent to the server).
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Bygg en ferdighet' }).waitFor();
    expect(await page.getByTestId('progress-percent').innerText()).toBe('100%');
    await page.getByText('Fremgangen lagres i denne nettleseren til du logger inn.').waitFor();
    const kept = JSON.parse((await page.evaluate(`localStorage.getItem('ta.starter-progress.v1')`)) as string);
    expect(kept).toEqual({ completedModules: expect.any(Array), currentModule: 3 });
    expect(kept.completedModules).toHaveLength(4);
    await ctx.close();
  });

  it('a paid course: click-to-play video, progress saved across a reload and a new login, "Kurs fullført!"', async () => {
    const s = await seedStudent({ courses: ['foundation'] });
    const { ctx, page, errors, external } = await open();
    await page.goto('/course/foundation');
    await page.waitForURL(/\/login\?next=%2Fcourse%2Ffoundation$/);
    await login(page, s.email, s.password!);
    await at(page, '/course/foundation');
    await page.getByRole('heading', { level: 1, name: 'Markedsstruktur i flere tidsrammer' }).waitFor();
    expect(await page.locator('.member-header__email').innerText()).toBe(s.email);
    expect(await page.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');

    // The player loads only after a click; before that, just the thumbnail.
    expect(await page.locator('iframe').count()).toBe(0);
    expect(await page.locator('.video__poster img').getAttribute('src')).toBe(`https://i.ytimg.com/vi/${VIDEO_ID}/hqdefault.jpg`);
    expect(external.some((u) => u.includes('youtube-nocookie'))).toBe(false);
    await page.getByRole('button', { name: 'Spill av video: Markedsstruktur i flere tidsrammer' }).click();
    expect(await page.locator('iframe').getAttribute('src')).toBe(
      `https://www.youtube-nocookie.com/embed/${VIDEO_ID}?rel=0&modestbranding=1&autoplay=1`,
    );

    await page.getByRole('button', { name: 'Marker som fullført' }).click();
    await page.getByRole('button', { name: 'Fullført', exact: true }).waitFor();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/progress/foundation/current') && r.status() === 200);
    await page.getByRole('button', { name: 'Neste', exact: true }).click();
    await saved;
    await page.getByRole('heading', { level: 1, name: 'Ranges: når markedet går sidelengs' }).waitFor();
    expect(await page.getByTestId('video-overlay').innerText()).toContain('Videoen kommer snart');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Ranges: når markedet går sidelengs' }).waitFor();
    await expect(page.getByTestId('progress-percent').innerText()).resolves.toBe('13%');
    expect(await page.locator('.player-modules__item--done').innerText()).toContain('Markedsstruktur i flere tidsrammer');

    // A new browser, a new login: the same place.
    const other = await open();
    await other.page.goto('/login?next=/course/foundation');
    await login(other.page, s.email, s.password!);
    await at(other.page, '/course/foundation');
    await other.page.getByRole('heading', { level: 1, name: 'Ranges: når markedet går sidelengs' }).waitFor();
    await other.page.waitForFunction(`document.querySelector('[data-testid="progress-percent"]')?.textContent === '13%'`);
    // The remaining seven modules, one after the other.
    for (let i = 1; i < 8; i++) {
      await other.page.getByRole('button', { name: 'Marker som fullført' }).click();
      if (i === 7) break;
      await other.page.getByRole('button', { name: 'Fullført', exact: true }).waitFor();
      await other.page.getByRole('button', { name: 'Neste', exact: true }).click();
    }
    await other.page.getByRole('heading', { name: 'Kurs fullført!' }).waitFor();
    await other.page.getByRole('link', { name: /Tilbake til dashboard/ }).click();
    await at(other.page, '/dashboard');
    await other.ctx.close();

    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('a course that is gone shows "Fant ikke kurset" with a way back', async () => {
    const s = await seedStudent({ courses: ['kryptovaluta'] });
    await journey.db.getRepository(Course).update({ id: 'kryptovaluta' }, { published: false });
    try {
      const { ctx, page } = await open();
      await page.goto('/login?next=/course/kryptovaluta');
      await login(page, s.email, s.password!);
      await page.getByRole('heading', { name: 'Fant ikke kurset' }).waitFor({ timeout: 15_000 });
      await page.getByRole('link', { name: /Til Mine kurs/ }).click();
      await at(page, '/dashboard');
      await ctx.close();
    } finally {
      await journey.db.getRepository(Course).update({ id: 'kryptovaluta' }, { published: true });
    }
  });
});

describe('account settings', () => {
  it('sets the first password, then changes it, with every message', async () => {
    const s = await seedStudent({ password: null });
    const { ctx, page, errors } = await open();
    await page.goto(`/auto-login#token=${s.token}`);
    await at(page, '/dashboard');
    const notice = page.locator('.notice');
    await notice.waitFor();
    await notice.getByRole('link').click();
    await at(page, '/account/settings');
    await page.getByRole('heading', { name: 'Sett passord' }).waitFor();

    const newPw = page.getByLabel('Nytt passord', { exact: true });
    const confirm = page.getByLabel('Bekreft passord', { exact: true });
    const submit = page.getByRole('button', { name: 'Sett passord' });
    await newPw.fill('kort');
    await confirm.fill('kort');
    await submit.click();
    await expect(page.getByRole('alert').innerText()).resolves.toBe('Passord må være minst 8 tegn');
    await newPw.fill('1234567');
    await confirm.fill('1234567');
    await submit.click();
    await expect(page.getByRole('alert').innerText()).resolves.toBe('Passord må være minst 8 tegn');
    // Long enough, but among the most common passwords: the server's own message.
    await newPw.fill('password');
    await confirm.fill('password');
    await submit.click();
    await expect(page.getByRole('alert').innerText()).resolves.toBe(MSG.passwordTooCommon);
    await newPw.fill('nytt-passord-1');
    await confirm.fill('nytt-passord-2');
    await submit.click();
    await expect(page.getByRole('alert').innerText()).resolves.toBe('Passordene stemmer ikke overens');
    await page.getByRole('button', { name: 'Vis nytt passord' }).click();
    expect(await newPw.getAttribute('type')).toBe('text');
    await confirm.fill('nytt-passord-1');
    await submit.click();
    await page.getByText('Passord satt! Du kan nå logge inn med ditt nye passord.', { exact: true }).waitFor();
    await at(page, '/dashboard', { timeout: 5000 });
    await page.getByRole('heading', { name: 'Mine kurs' }).waitFor();
    expect(await page.locator('.notice').count()).toBe(0);

    await page.getByRole('link', { name: 'Administrer konto' }).click();
    await page.getByRole('heading', { name: 'Kontoinnstillinger' }).waitFor();
    const info = await page.locator('.account-info').innerText();
    expect(info).toContain(s.email);
    expect(info).toContain(osloDate(new Date()));

    const current = page.getByLabel('Nåværende passord', { exact: true });
    const next = page.getByLabel('Nytt passord', { exact: true });
    const again = page.getByLabel('Bekreft nytt passord', { exact: true });
    const update = page.getByRole('button', { name: 'Oppdater passord' });
    await current.fill('nytt-passord-1');
    await next.fill('12345');
    await again.fill('12345');
    await update.click();
    await expect(page.getByRole('alert').innerText()).resolves.toBe('Passord må være minst 8 tegn');
    await next.fill('andre-passord');
    await again.fill('tredje-passord');
    await update.click();
    await expect(page.getByRole('alert').innerText()).resolves.toBe('Nye passord stemmer ikke overens');
    await current.fill('feil-passord');
    await again.fill('andre-passord');
    await update.click();
    await expect(page.getByRole('alert').innerText()).resolves.toBe('Feil ved oppdatering av passord: Nåværende passord er feil');
    await current.fill('nytt-passord-1');
    await update.click();
    await page.getByText('Passord oppdatert!', { exact: true }).waitFor();

    await page.getByRole('link', { name: 'Tilbake til dashboard' }).click();
    await at(page, '/dashboard');
    await page.getByRole('button', { name: 'Logg ut' }).click();
    await at(page, '/');
    await page.goto('/login');
    await login(page, s.email, 'andre-passord');
    await at(page, '/dashboard');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('downloads the data as JSON and deletes the account after the password', async () => {
    const s = await seedStudent({ courses: ['foundation'] });
    const { ctx, page, errors } = await open();
    await page.goto('/login?next=/account/settings');
    await login(page, s.email, s.password!);
    await page.getByRole('heading', { name: 'Kontoinnstillinger' }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /Last ned mine data/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^mine-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse((await downloaded(download)).toString('utf8'));
    expect(data.account.email).toBe(s.email);
    expect(data.grants.map((g: { courseId: string }) => g.courseId).sort()).toEqual(['foundation', 'starter']);
    expect(data.leads).toEqual([expect.objectContaining({ email: s.email, courseType: 'starter' })]);
    expect(JSON.stringify(data)).not.toMatch(/argon2|passwordHash|tokenHash/);

    await page.getByRole('button', { name: 'Slett konto' }).click();
    const pw = page.getByLabel('Passord', { exact: true });
    await pw.fill('feil-passord');
    await page.getByRole('button', { name: 'Slett kontoen min permanent' }).click();
    await expect(page.getByRole('alert').innerText()).resolves.toBe('Feil passord. Kontoen ble ikke slettet.');
    await pw.fill(s.password!);
    await page.getByRole('button', { name: 'Slett kontoen min permanent' }).click();
    await page.getByRole('heading', { name: 'Kontoen er slettet' }).waitFor();
    expect(await journey.db.getRepository(User).countBy({ email: s.email })).toBe(0);

    await page.goto('/dashboard');
    await page.waitForURL(/\/login\?next=%2Fdashboard$/);
    await login(page, s.email, s.password!);
    await expect(page.getByRole('alert').innerText()).resolves.toBe('Ugyldig e-post eller passord');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('an account without a password confirms the deletion by typing its e-mail', async () => {
    const s = await seedStudent({ password: null });
    const { ctx, page } = await open();
    await page.goto(`/auto-login#token=${s.token}&next=/account/settings`);
    await page.getByRole('heading', { name: 'Sett passord' }).waitFor();
    await page.getByRole('button', { name: 'Slett konto' }).click();
    await page.getByLabel(/Skriv inn e-postadressen din/).fill('noen-andre@example.no');
    await page.getByRole('button', { name: 'Slett kontoen min permanent' }).click();
    await expect(page.getByRole('alert').innerText()).resolves.toBe(
      'E-postadressen stemmer ikke med kontoen. Kontoen ble ikke slettet.',
    );
    await page.getByLabel(/Skriv inn e-postadressen din/).fill(s.email);
    await page.getByRole('button', { name: 'Slett kontoen min permanent' }).click();
    await page.getByRole('heading', { name: 'Kontoen er slettet' }).waitFor();
    expect(await journey.db.getRepository(User).countBy({ email: s.email })).toBe(0);
    await ctx.close();
  });
});
