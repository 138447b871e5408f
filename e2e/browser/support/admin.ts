import type { BrowserContext, Page } from 'playwright-core';
import type { BrowserJourney } from './journey';

/** Opens /admin, which leads to the panel's sign-in, and submits it with this e-mail and password. */
export async function signInToAdmin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin');
  await page.waitForURL(/\/admin\/login$/);
  await page.locator('input[name=username]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: 'Logg inn' }).click();
}

/** The two widths every mentor journey runs at. */
export const PANEL_DEVICES = [
  { device: 'computer', width: 1366, height: 900, tag: 'pc' },
  { device: 'phone', width: 390, height: 844, tag: 'mob' },
];

/** One width's run of a mentor journey. */
export interface PanelRun {
  page: Page;
  phone: boolean;
  /** Unique per width, for the names of what the journey makes. */
  tag: string;
  /** Each screen's axe violations and sideways overflow, by screen. */
  problems: string[];
  errors: string[];
}

/** A fresh browser context at this width (no consent banner), its page in `run`, page errors collected. */
export async function openPanelRun(
  journey: BrowserJourney,
  { width, height, tag }: { width: number; height: number; tag: string },
  run: PanelRun,
): Promise<BrowserContext> {
  const ctx = await journey.newContext(width, { height, consent: false });
  const page = await ctx.newPage();
  Object.assign(run, { page, phone: width < 600, tag, problems: [], errors: [] });
  page.on('pageerror', (e) => run.errors.push(e.message));
  return ctx;
}

/**
 * The mentor signed in to the panel at this width for the `describe` it is called in: the run's
 * context opened and signed in before its tests, closed after them, and after each test no page
 * error and no screen problem left (each test's own list, emptied for the next).
 */
export function useSignedInPanel(
  journey: BrowserJourney,
  device: { width: number; height: number; tag: string },
  admin: { email: string; password: string },
): PanelRun {
  const run = {} as PanelRun;
  let ctx: BrowserContext | undefined;
  beforeAll(async () => {
    ctx = await openPanelRun(journey, device, run);
    await signInToAdmin(run.page, admin.email, admin.password);
    await run.page.waitForURL(/\/admin\/?$/);
  });
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(() => {
    const { problems, errors } = run;
    run.problems = [];
    run.errors = [];
    expect({ problems, errors }).toEqual({ problems: [], errors: [] });
  });
  return run;
}

/**
 * Presses Tab (at most 80 times) until the focused element is the one wanted; fails otherwise.
 * `wanted` runs in the page, so it may use only its argument.
 */
export async function tabTo(page: Page, wanted: (el: Element) => boolean): Promise<void> {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    const ok = await page.evaluate((src) => {
      const el = document.activeElement;
      return !!el && (new Function('el', `return (${src})(el)`) as (e: Element) => boolean)(el);
    }, wanted.toString());
    if (ok) return;
  }
  throw new Error(`Tab never reached the element (${wanted.toString()})`);
}
