/**
 * Chart review (issue 26), clicked through on a phone (390 px, where students mostly are), each
 * student screen also rendered on a computer (1366 px): an Accelerator student opens
 * "Mentor" in the member area, starts a thread with a chart image, the mentor answers it from
 * 'Innboks' in the panel, and the student reads the answer. Every student screen is checked with axe
 * (WCAG 2.1 A and AA) and must not scroll sideways.
 *
 * Needs the production builds: `npm run build`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { signInToAdmin } from './support/admin';
import { buyDemo } from './support/site';
import { uniqueEmail } from './support/site';
import { ADMIN, atOtherWidth, PHONE, useBrowserJourney } from './support/journey';

jest.setTimeout(180_000);

let chart: Buffer;
const uploads = mkdtempSync(join(tmpdir(), 'ta-chart-review-'));

const journey = useBrowserJourney({ env: { UPLOAD_DIR: uploads } });

beforeAll(async () => {
  chart = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#1d3b2a' } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  rmSync(uploads, { recursive: true, force: true });
});

describe('chart review on a phone', () => {
  const width = PHONE;
  it('the student sends a chart, the mentor answers in Innboks, the student reads the answer', async () => {
    const problems: string[] = [];
    const errors: string[] = [];
    const title = `EURUSD breakout ${width}`;

    // An Accelerator student (the demo checkout signs the buyer in).
    const ctx = await journey.newContext(width);
    await buyDemo(ctx.request, 'accelerator', uniqueEmail('chart'));
    const page = await ctx.newPage();
    page.on('pageerror', (e) => errors.push(e.message));

    // From the dashboard to "Mentor".
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Send chart til mentoren' }).click();
    await page.waitForURL(/\/mentor$/);
    await page.getByRole('heading', { name: 'Mentor', level: 1 }).waitFor();
    await page.getByTestId('mentor-quota').getByText('0 av 8 brukt denne måneden').waitFor();
    await journey.checkScreen(page, 'the inbox', problems);
    await atOtherWidth(page, 'the inbox', problems);

    await page.getByLabel('Tittel').fill(title);
    await page.getByLabel('Hva vil du ha tilbakemelding på?').fill('Var dette en **god** entry over motstanden?');
    await page
      .getByLabel(/Charts \(PNG, JPEG eller WebP/)
      .setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: chart });
    await page.getByRole('button', { name: 'Fjern chart.png' }).waitFor();
    await page.getByRole('button', { name: 'Send til mentoren' }).click();
    await page.waitForURL(/\/mentor\/\d+$/);
    const threadUrl = new URL(page.url()).pathname;
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByTestId('mentor-thread-status').getByText('Venter på mentor').waitFor();
    const thumb = page.locator('.mentor-message__images img').first();
    await thumb.waitFor();
    await page.waitForFunction(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 480,
      await thumb.elementHandle(),
    );
    await journey.checkScreen(page, 'the new thread', problems);
    await atOtherWidth(page, 'the new thread', problems);

    // The mentor answers from the panel.
    const admin = await journey.newContext(1366, { consent: false });
    const panel = await admin.newPage();
    panel.on('pageerror', (e) => errors.push(e.message));
    await signInToAdmin(panel, ADMIN.email, ADMIN.password);
    await panel.waitForURL(/\/admin\/?$/);
    await panel.goto('/admin/mentor-threads');
    await panel.getByText(title).first().click();
    await panel.waitForURL(/\/admin\/mentor-threads\/\d+\/show$/);
    await panel.getByTestId('inbox-status').getByText('Venter på mentor').waitFor();
    await panel.locator('[data-testid="inbox-message-student"] img').first().waitFor();
    await panel.getByLabel('Svar (Markdown)').fill('Fin entry. Legg stoppen under **swing low**.');
    await panel.getByRole('button', { name: 'Send svar' }).click();
    await panel.getByTestId('inbox-status').getByText('Besvart').waitFor();
    await admin.close();

    // The student reads the answer.
    await page.goto(threadUrl);
    await page.getByTestId('mentor-thread-status').getByText('Besvart').waitFor();
    const answer = page.getByTestId('mentor-message-mentor');
    await answer.getByText(/Svar fra/).waitFor();
    await answer.locator('strong', { hasText: 'swing low' }).waitFor();
    await journey.checkScreen(page, 'the answered thread', problems);
    await atOtherWidth(page, 'the answered thread', problems);
    await page.goto('/mentor');
    await page.getByTestId('mentor-quota').getByText('1 av 8 brukt denne måneden').waitFor();
    await page
      .getByRole('link', { name: new RegExp(title) })
      .getByText('Besvart')
      .waitFor();
    await journey.checkScreen(page, 'the inbox with a thread', problems);
    await atOtherWidth(page, 'the inbox with a thread', problems);
    await ctx.close();

    expect({ problems, errors }).toEqual({ problems: [], errors: [] });
  });
});
