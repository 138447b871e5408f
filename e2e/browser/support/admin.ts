import type { BrowserContext, Locator, Page } from 'playwright-core';
import { until } from './site';
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

/** The rows of the panel's list: table rows on a computer, list items on a phone. */
export function listRows(page: Page, phone: boolean, hasText?: string | RegExp): Locator {
  return page.locator(
    phone ? '[data-testid="phone-list"] > li' : '.RaDataTable-root tbody tr',
    hasText ? { hasText } : undefined,
  );
}

/**
 * Types into the list's search box and waits until the list is the searched one: react-admin writes
 * the filter into the address after a pause, then fetches, and shows the rows it had meanwhile. So
 * it waits for this term in the address and then for every row shown to match; a row focused or
 * clicked after that is not replaced under the keyboard or the pointer.
 */
export async function searchList(page: Page, phone: boolean, term: string, rowText: string | RegExp): Promise<void> {
  await page.locator('input[name="q"]').fill(term);
  await page.waitForURL((u) => decodeURIComponent(u.search).includes(`"q":${JSON.stringify(term)}`));
  await listRows(page, phone, rowText).first().waitFor();
  await until(async () => (await listRows(page, phone).count()) === (await listRows(page, phone, rowText).count()), true);
}
