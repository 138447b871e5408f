/**
 * Captions, transcript and search in the browser (issue 37): the mentor uploads a .vtt in the
 * module's «Teksting» tab, corrects a line and publishes it; the student's player has the captions
 * button (the choice kept with functional consent) and the transcript, whose links play the video
 * from their second; a search hit opens the player at its second. The Mux module's stream is not on
 * the network here: what is checked is the player element's start time and captions track, not frames.
 * Needs the production builds: `npm run build`.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { CourseModule } from '../../backend/src/catalog/entities/course-module.entity';
import { PANEL_DEVICES, signInToAdmin } from './support/admin';
import { ADMIN, atOtherWidth, PHONE, useBrowserJourney } from './support/journey';
import { seedStudent } from './support/buyers';

const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const VTT = `WEBVTT

NOTE Kilde: opptaket fra mars

intro
00:00:01.000 --> 00:00:04.000
Velkommen til modulen.

00:00:04.500 --> 00:00:07.000
Her starter vi med markedsstrukturen.

00:01:05.000 --> 00:01:09.000
Her ser vi på liquidity i ordreboka.
`;

describe('captions, transcript and search', () => {
  const journey = useBrowserJourney({ fakes: { mux: true }, db: true });
  let moduleId: number;
  let moduleTitle: string;
  let student: { email: string; password: string };

  beforeAll(async () => {
    const mod = await journey.db
      .getRepository(CourseModule)
      .findOneOrFail({ where: { courseId: 'foundation', published: true }, order: { position: 'ASC' } });
    moduleId = mod.id;
    moduleTitle = mod.title;
    // A ready Mux video on the module (its tokens are signed with the fake's key).
    await journey.db
      .getRepository(CourseModule)
      .update({ id: moduleId }, { videoProvider: 'mux', muxPlaybackId: 'CaptionsPlayback0123456789', videoStatus: 'ready' });
    const { email, password } = await seedStudent(journey, 'teksting', { courses: ['foundation'] });
    student = { email, password };
  });

  async function studentPage(width: number): Promise<{ ctx: BrowserContext; page: Page; problems: string[] }> {
    const { ctx, page, problems } = await journey.newPage(width, { height: width < 600 ? 844 : 900 });
    await ctx.route('https://image.mux.com/**', (r) => r.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }));
    await ctx.route('https://stream.mux.com/**', (r) => r.fulfill({ status: 404, body: '' }));
    const login = await ctx.request.post('/api/auth/login', { data: student });
    expect(login.status()).toBe(200);
    return { ctx, page, problems };
  }

  const startTime = (page: Page) =>
    page
      .locator('mux-player')
      .evaluate((el) => Number((el as unknown as { startTime?: number }).startTime ?? el.getAttribute('start-time')));

  it('the mentor uploads, corrects and publishes the captions (1366 px, each screen also at 390 px)', async () => {
    const { width, height, tag } = PANEL_DEVICES[0];
    const { ctx, page, problems } = await journey.newPage(width, { height, consent: false });
    await signInToAdmin(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/admin\/?$/);
    await page.goto(`/admin/modules/${moduleId}`);
    await page.getByRole('tab', { name: 'Teksting' }).click();
    const editor = page.getByTestId('captions-editor');
    await editor.waitFor();
    await editor
      .getByTestId('captions-file')
      .setInputFiles({ name: `modul-${tag}.vtt`, mimeType: 'text/vtt', buffer: Buffer.from(VTT) });
    await editor.getByText(`«modul-${tag}.vtt» er lastet opp som utkast`).waitFor();
    await editor.getByTestId('captions-state').filter({ hasText: 'Redigert – ikke publisert' }).waitFor();
    // The misheard word is corrected in its line, and the file published.
    const line = editor.getByLabel('Tekst 3', { exact: true });
    await line.fill('Her ser vi på Likviditeten i ordreboka.');
    await editor.getByRole('button', { name: 'Godkjenn og publiser' }).click();
    await editor.getByTestId('captions-state').filter({ hasText: 'Godkjent og publisert' }).waitFor();
    // The corrected line is put back into the file: its comment and identifier stay.
    const [saved] = await journey.db.query('SELECT vtt FROM caption_files WHERE moduleId = ? AND approved = 1', [moduleId]);
    expect(saved.vtt).toContain('NOTE Kilde: opptaket fra mars\n\nintro\n00:00:01.000 --> 00:00:04.000\n');
    expect(saved.vtt).toContain('\nHer ser vi på Likviditeten i ordreboka.');
    await journey.checkScreen(page, `panel-teksting-${width}`, problems);
    await atOtherWidth(page, 'panel-teksting', problems);
    await page.screenshot({ path: `/tmp/captions-panel-${width}.png`, fullPage: true });
    await ctx.close();
    expect(problems).toEqual([]);
  });

  it('on a phone (each screen also at 1366 px): the player has the captions button and the transcript; its link and a search hit play from their second', async () => {
    const width = PHONE;
    const { ctx, page, problems } = await studentPage(width);
    await page.goto('/course/foundation');
    const toggle = page.getByTestId('captions-toggle');
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    const transcript = page.getByTestId('transcript');
    await transcript.getByText('Her ser vi på Likviditeten i ordreboka.').waitFor();
    await journey.checkScreen(page, `player-captions-${width}`, problems);
    await atOtherWidth(page, 'player-captions', problems);
    await page.screenshot({ path: `/tmp/captions-player-${width}.png`, fullPage: true });

    // The choice is kept on the device (functional consent was given).
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('player-captions'))).toBe('on');

    // A transcript link plays the video from its second, captions showing.
    await transcript.getByRole('link', { name: 'Spill av fra 1:05' }).click();
    await page.locator('mux-player').waitFor({ state: 'attached', timeout: 20_000 });
    expect(await startTime(page)).toBe(65);
    // Mux Player hands the track to its <video>.
    const track = page.locator('video').getByTestId('captions-track');
    expect(await track.getAttribute('src')).toBe(`/api/courses/foundation/modules/${moduleId}/captions.vtt`);
    expect(await track.evaluate((t) => (t as HTMLTrackElement).default)).toBe(true);

    // Search from the dashboard: the hit opens the player at its second.
    await page.goto('/dashboard');
    const search = page.getByTestId('lesson-search');
    await search.getByRole('searchbox').fill('likviditeten');
    await search.getByRole('button', { name: 'Søk' }).click();
    const hit = search.getByTestId('search-hit').filter({ hasText: '1:05' });
    await hit.waitFor();
    expect(await hit.locator('mark').innerText()).toBe('Likviditeten');
    await journey.checkScreen(page, `dashboard-search-${width}`, problems);
    await atOtherWidth(page, 'dashboard-search', problems);
    await page.screenshot({ path: `/tmp/captions-search-${width}.png`, fullPage: true });
    await hit.click();
    await page.waitForURL((u) => u.pathname === '/course/foundation' && u.searchParams.get('t') === '65');
    const play = page.getByRole('button', { name: `Spill av video fra 1:05: ${moduleTitle}` });
    await play.waitFor();
    await play.click();
    await page.locator('mux-player').waitFor({ state: 'attached', timeout: 20_000 });
    expect(await startTime(page)).toBe(65);
    await ctx.close();
    expect(problems).toEqual([]);
  });
});
