/**
 * Paid video in the browser: the mentor uploads a file to a module from the admin panel (straight to
 * the fake Mux in resumable chunks), Mux's signed webhook marks it ready, and the student plays it: the
 * Mux player is fetched only after the click and gets the signed playback id and token. Headless
 * Chromium has no network to Mux, so the stream and poster addresses are answered here; what is checked
 * is that the player element carries the playback id and the token, not that frames render.
 * Needs the production builds: `npm run build` (frontend, admin, backend).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { signInToAdmin } from './support/admin';
import { uniqueEmail } from './support/site';
import { ADMIN, useBrowserJourney } from './support/journey';

/** A 1×1 transparent PNG for the poster (image.mux.com). */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

describe('paid video: upload from the panel, signed playback for the student', () => {
  let student: BrowserContext;
  let moduleId: number;
  let moduleTitle: string;
  const errors: string[] = [];
  const cspViolations: string[] = [];

  const watchConsole = (page: Page) =>
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
    });

  const journey = useBrowserJourney({ fakes: { mux: true } });

  beforeAll(async () => {
    journey.mux.webhookUrl = `${journey.server.url}/api/mux/webhook`;
    student = await journey.newContext(390, { height: 844 });
    // No network to Mux here: the poster and the stream are answered locally.
    await student.route('https://image.mux.com/**', (r) => r.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }));
    await student.route('https://stream.mux.com/**', (r) => r.fulfill({ status: 404, body: '' }));
    const buy = await student.request.post('/api/checkout/sessions', {
      data: {
        courseId: 'foundation',
        email: uniqueEmail('video'),
        firstName: 'Kari',
        lastName: 'Nordmann',
        paymentMethod: 'card',
        acceptTerms: true,
        acceptRisk: true,
      },
    });
    expect(buy.status()).toBe(201);
    const course = await (await student.request.get('/api/courses/foundation')).json();
    moduleId = course.modules[0].id;
    moduleTitle = course.modules[0].title;
  });

  it('the mentor uploads a file: chunks go to Mux, the module shows «Behandles …» and then that it is ready', async () => {
    const { ctx, page } = await journey.newPage(1280, { consent: false, problems: errors });
    await page.setViewportSize({ width: 1366, height: 900 });
    watchConsole(page);
    await signInToAdmin(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/admin$/);
    await page.goto(`/admin/modules/${moduleId}`);
    const box = page.getByTestId('video-upload');
    await box.getByText('Last opp video').waitFor();

    // 17 MiB: three resumable chunks of 8 MiB.
    await box.locator('input[type=file]').setInputFiles({
      name: 'modul-1.mp4',
      mimeType: 'video/mp4',
      buffer: Buffer.alloc(17 * 1024 * 1024, 1),
    });
    await box
      .getByTestId('video-status')
      .filter({ hasText: /Status: Klar/ })
      .waitFor({ timeout: 30_000 });
    const upload = [...journey.mux.uploads.values()].at(-1)!;
    expect(upload).toMatchObject({ status: 'asset_created', received: 17 * 1024 * 1024, cors_origin: journey.server.url });
    const playbackId = journey.mux.assets.get(upload.asset_id!)!.playback_ids[0].id;
    await box.getByText(`Playback-id: ${playbackId}`).waitFor();
    await page.screenshot({ path: '/tmp/mux-admin-1366.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/mux-admin-390.png', fullPage: true });
    await ctx.close();
    expect(errors).toEqual([]);
  });

  it('the student plays the module: the Mux player loads after the click, with the signed playback id and token', async () => {
    const page = await student.newPage();
    watchConsole(page);
    page.on('pageerror', (e) => errors.push(e.message));
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/course/foundation');
    const play = page.getByRole('button', { name: `Spill av video: ${moduleTitle}` });
    await play.waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => /MuxPlayerView/.test(s))).toBe(false);
    expect(await page.locator('mux-player').count()).toBe(0);
    await page.screenshot({ path: '/tmp/mux-player-390-poster.png', fullPage: true });

    // Keyboard: the play button is reached and pressed like any button.
    await play.focus();
    await page.keyboard.press('Enter');
    const player = page.locator('mux-player');
    await player.waitFor({ state: 'attached', timeout: 20_000 });
    expect(scripts.some((s) => /MuxPlayerView/.test(s))).toBe(true);

    const course = await (await student.request.get('/api/courses/foundation')).json();
    const video = course.modules[0].video;
    expect(video).toMatchObject({ provider: 'mux' });
    const attrs = await player.evaluate((el) => ({
      playbackId: (el as unknown as { playbackId?: string }).playbackId ?? el.getAttribute('playback-id'),
      token: (el as unknown as { tokens?: { playback?: string } }).tokens?.playback ?? el.getAttribute('playback-token'),
      thumbnailToken:
        (el as unknown as { tokens?: { thumbnail?: string } }).tokens?.thumbnail ?? el.getAttribute('thumbnail-token'),
    }));
    expect(attrs.playbackId).toBe(video.playbackId);
    // The token the page has is one the server signed for this playback id (the same claims; it may be a newer copy).
    const claims = (t: string) => JSON.parse(Buffer.from(t.split('.')[1], 'base64url').toString('utf8'));
    expect(claims(attrs.token!)).toMatchObject({ sub: video.playbackId, aud: 'v' });
    expect(claims(attrs.thumbnailToken!)).toMatchObject({ sub: video.playbackId, aud: 't' });
    await page.waitForTimeout(500);
    await page.screenshot({ path: '/tmp/mux-player-390.png', fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: '/tmp/mux-player-1366.png', fullPage: true });
    expect(errors).toEqual([]);
    expect(cspViolations).toEqual([]);
  });
});
