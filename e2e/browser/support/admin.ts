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
