import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../../../backend/src/platform/database/data-source-options';
import { startFakeDiscord, type FakeDiscord } from '../../api/support/fake-discord';
import { startFakeMux, type FakeMux } from '../../api/support/fake-mux';
import { startFakeStripe, type FakeStripe } from '../../api/support/fake-stripe';
import { startFakeVipps, type FakeVipps } from '../../api/support/fake-vipps';
import { startSmtpSink, type SmtpSink } from '../../api/support/smtp-sink';
import { startServer, type RunningServer } from '../../support/server';
import { axeViolations, WCAG_TAGS } from './axe';
import { launchBrowser, newContext, workerBrowser } from './browser';
import { storeConsent } from './site';

export { ADMIN } from '../../support/server';

export interface JourneyOptions {
  /** Variables for the server over the journey's defaults. */
  env?: Record<string, string>;
  /** A local SMTP sink the server mails to (outbox polled every 200 ms): `journey.sink`. */
  mail?: boolean;
  /** A TypeORM connection to the server's SQLite database, for seeding and reading: `journey.db`. */
  db?: boolean;
  /** Fakes started before the server and wired into its environment: `journey.stripe`, `.vipps`, `.discord`, `.mux`. */
  fakes?: { stripe?: boolean; vipps?: boolean; discord?: boolean; mux?: boolean };
  /** Chromium with the back/forward cache on, as in a buyer's browser (Playwright turns it off). */
  backForwardCache?: boolean;
}

export interface PageOptions {
  /** 900 unless told otherwise. */
  height?: number;
  /** Store a cookie choice first, so the banner stays away (true unless told otherwise). */
  consent?: boolean;
  /** Where page errors go (a new list unless given). */
  problems?: string[];
}

export interface OpenPage {
  ctx: BrowserContext;
  page: Page;
  /** Page errors (`pageerror: …`), and what `checkScreen` finds when given this list. */
  problems: string[];
}

export interface BrowserJourney {
  server: RunningServer;
  browser: Browser;
  sink: SmtpSink;
  db: DataSource;
  stripe: FakeStripe;
  vipps: FakeVipps;
  discord: FakeDiscord;
  mux: FakeMux;
  /** A fresh context (own cookies and storage) on the server, `width` px wide. */
  newContext(width?: number, opts?: Omit<PageOptions, 'problems'>): Promise<BrowserContext>;
  /** A fresh context and its page, collecting page errors. */
  newPage(width?: number, opts?: PageOptions): Promise<OpenPage>;
  checkScreen: typeof checkScreen;
}

/**
 * One browser journey's world for the `describe` it is called in: the production build on a fresh
 * SQLite database (with the mentor's account `ADMIN`), Debian's Chromium, and what the options ask
 * for (mail sink, database connection, fakes), all started in `beforeAll` and stopped in `afterAll`.
 */
export function useBrowserJourney(opts: JourneyOptions = {}): BrowserJourney {
  const parts: Partial<Omit<BrowserJourney, 'newContext' | 'newPage' | 'checkScreen'>> = {};
  const part = <K extends keyof typeof parts>(key: K): NonNullable<(typeof parts)[K]> => {
    const value = parts[key];
    if (!value) throw new Error(`the journey has no ${key} (not asked for, or not started yet)`);
    return value as NonNullable<(typeof parts)[K]>;
  };

  beforeAll(async () => {
    const fakes = opts.fakes ?? {};
    if (opts.mail) parts.sink = await startSmtpSink();
    if (fakes.stripe) parts.stripe = await startFakeStripe();
    if (fakes.vipps) parts.vipps = await startFakeVipps();
    if (fakes.discord) parts.discord = await startFakeDiscord();
    if (fakes.mux) parts.mux = await startFakeMux();
    // Each part is kept as soon as it is up, and both are waited for (not only the first to fail),
    // so `afterAll` stops whatever started even when the other one failed.
    const started = await Promise.allSettled([
      startServer({
        admin: true,
        frontend: true,
        fakes: { stripe: parts.stripe, vipps: parts.vipps, discord: parts.discord, mux: parts.mux },
        env: {
          SHUTDOWN_DRAIN_MS: '0',
          ...(parts.sink ? { SMTP_URL: parts.sink.url, MAIL_POLL_INTERVAL_MS: '200' } : {}),
          ...opts.env,
        },
      }).then((server) => (parts.server = server)),
      (opts.backForwardCache ? launchBrowser({ backForwardCache: true }) : workerBrowser()).then(
        (browser) => (parts.browser = browser),
      ),
    ]);
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    if (opts.db)
      parts.db = await new DataSource(buildDataSourceOptions({ databaseUrl: part('server').databaseUrl })).initialize();
  }, 120_000);

  afterAll(async () => {
    await parts.db?.destroy();
    await parts.browser?.close();
    await parts.server?.stop(5000);
    await parts.sink?.close();
    await parts.stripe?.close();
    await parts.vipps?.close();
    await parts.discord?.close();
    await parts.mux?.close();
  });

  const journey: BrowserJourney = {
    get server() {
      return part('server');
    },
    get browser() {
      return part('browser');
    },
    get sink() {
      return part('sink');
    },
    get db() {
      return part('db');
    },
    get stripe() {
      return part('stripe');
    },
    get vipps() {
      return part('vipps');
    },
    get discord() {
      return part('discord');
    },
    get mux() {
      return part('mux');
    },
    async newContext(width = 1280, o = {}) {
      const ctx = await newContext(journey.browser, journey.server.url, { width, height: o.height ?? 900 });
      if (o.consent ?? true) await storeConsent(ctx);
      return ctx;
    },
    async newPage(width = 1280, o = {}) {
      const ctx = await journey.newContext(width, o);
      const page = await ctx.newPage();
      const problems = o.problems ?? [];
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      return { ctx, page, problems };
    },
    checkScreen,
  };
  return journey;
}

/** The two widths a journey is held to: a phone's and a computer's. */
export const PHONE = 390;
export const COMPUTER = 1366;

/**
 * "This screen at the other width": the journey is clicked through once, at the width where its
 * person mostly is (docs/architecture.md "Tests"), and each screen it passes is also rendered at
 * the other width on the same page, without clicking again: the page resized (the same state,
 * the same data), the settled screen check (axe, nothing past the edge) and a screenshot, then
 * back to the journey's own width. What it finds goes into `problems`.
 */
export async function atOtherWidth(page: Page, screen: string, problems: string[]): Promise<void> {
  const width = page.viewportSize()!.width < 600 ? COMPUTER : PHONE;
  await atWidth(page, width, async () => {
    await checkScreen(page, `${screen} (${width} px)`, problems);
    await page.screenshot({ path: join(tmpdir(), `screen-${screen.replace(/[^\p{L}\p{N}]+/gu, '-')}-${width}.png`) });
  });
}

/** Runs `fn` with the page resized to `width` (a phone's 844 px high, a computer's 900), then resizes it back. */
export async function atWidth<T>(page: Page, width: number, fn: () => Promise<T>): Promise<T> {
  const own = page.viewportSize()!;
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
  try {
    await settledAtWidth(page, width);
    return await fn();
  } finally {
    await page.setViewportSize(own);
  }
}

/**
 * Once the page has taken a new window width in: the window reports it and two frames have been
 * drawn since, so a layout that follows the width in script (a media query read by React) is on
 * screen, not the one before it (on a busy machine that took longer than the check).
 */
async function settledAtWidth(page: Page, width: number): Promise<void> {
  await page.waitForFunction((w) => window.innerWidth === w, width);
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

/** The page's width (what the window would scroll sideways to). */
function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/**
 * One screen, once loading indicators (the progress bars labelled «Laster…») are gone and nothing is
 * moving (no finite animation or transition running: a notification sliding in, a label floating
 * up, a chip changing colour are half-drawn until they end): axe (WCAG 2.1 A and AA) finds nothing
 * and the page is no wider than its window (naming the innermost elements past the edge). What it
 * finds goes into `problems`.
 */
export async function checkScreen(page: Page, screen: string, problems: string[]): Promise<void> {
  await page
    .locator('[role=progressbar][aria-label^="Laster"]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => {});
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    undefined,
    { timeout: 10_000 },
  );
  const viewport = page.viewportSize()!.width;
  let width = await pageWidth(page);
  if (width > viewport) {
    // Once more after the page's debounced resize handlers (MUI's tabs re-measure 166 ms after a
    // resize): right after `atWidth` resized it, a page can be wider for a moment that no phone sees.
    await page.waitForTimeout(400);
    width = await pageWidth(page);
  }
  if (width > viewport) {
    const culprits = await page.evaluate((edge) => {
      const past = Array.from(document.querySelectorAll('body *')).filter((e) => e.getBoundingClientRect().right > edge + 1);
      return past
        .filter((e) => !past.some((o) => o !== e && e.contains(o)))
        .slice(0, 4)
        .map(
          (e) =>
            `${e.tagName.toLowerCase()}.${String(e.className).split(' ').slice(0, 2).join('.')} "${(e.textContent ?? '').slice(0, 30)}"`,
        );
    }, viewport);
    // Wider with no element past the edge is nothing a visitor could scroll to (seen once with a
    // dialog open, resized from 1366 px: its scroll lock pads the page by the scrollbar it hid).
    if (culprits.length)
      problems.push(`${screen}: the page is ${width} px wide in a ${viewport} px window (${culprits.join(', ')})`);
  }
  for (const v of await axeViolations(page, { tags: WCAG_TAGS }))
    problems.push(`${screen}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}
