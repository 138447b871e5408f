import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newContext } from './browser';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The mentor's browser: a desktop-sized context and its page, with page errors collected in `errors`. */
export async function openAdminPage(
  browser: Browser,
  baseURL: string,
  errors: string[],
): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await newContext(browser, baseURL, { width: 1280, height: 900 });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  return { ctx, page };
}

/** Opens /admin, which leads to the panel's sign-in, and submits it with this e-mail and password. */
export async function signInToAdmin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin');
  await page.waitForURL(/\/admin\/login$/);
  await page.locator('input[name=username]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: 'Logg inn' }).click();
}

/**
 * One screen of the panel, once progress bars and sliding notifications or dialogs have settled: axe
 * (WCAG 2.1 A and AA) finds nothing and the page is no wider than its window (naming the innermost
 * elements past the edge). What it finds goes into `problems`.
 */
export async function checkAdminScreen(page: Page, screen: string, problems: string[]): Promise<void> {
  await page
    .locator('[role=progressbar]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => {});
  // A notification or dialog sliding in or out is half transparent: check the screen once it has settled.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) =>
          !((a.effect as KeyframeEffect | null)?.target as Element | null)?.closest?.(
            '.MuiSnackbar-root, .MuiDialog-root, .MuiPopover-root, .MuiTooltip-popper',
          ),
      ),
  );
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  const viewport = page.viewportSize()!.width;
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
    problems.push(`${screen}: the page is ${width} px wide in a ${viewport} px window (${culprits.join(', ')})`);
  }
  const result = await new AxeBuilder({ page: page as never }).withTags(AXE_TAGS).analyze();
  for (const v of result.violations)
    problems.push(`${screen}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}
