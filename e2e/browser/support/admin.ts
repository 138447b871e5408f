import type { Page } from 'playwright-core';

/** Opens /admin, which leads to the panel's sign-in, and submits it with this e-mail and password. */
export async function signInToAdmin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin');
  await page.waitForURL(/\/admin\/login$/);
  await page.locator('input[name=username]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: 'Logg inn' }).click();
}
