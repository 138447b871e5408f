import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newContext } from './browser';

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
