import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from 'playwright-core';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe (WCAG 2.1 A and AA) finds nothing and the page is no wider than its window; what it finds goes into `problems`. */
export async function checkScreen(page: Page, screen: string, problems: string[]): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  const viewport = page.viewportSize()!.width;
  if (width > viewport) problems.push(`${screen}: ${width} px wide in a ${viewport} px window`);
  const result = await new AxeBuilder({ page: page as never }).withTags(AXE_TAGS).analyze();
  for (const v of result.violations) problems.push(`${screen}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** A demo purchase (it pays at once and signs the buyer in on this context). */
export async function buyDemo(request: APIRequestContext, courseId: string, email: string): Promise<void> {
  const bought = await request.post('/api/checkout/sessions', {
    data: {
      courseId,
      email,
      firstName: 'Kari',
      lastName: 'Nordmann',
      paymentMethod: 'vipps',
      acceptTerms: true,
      acceptRisk: true,
    },
  });
  expect(bought.status()).toBe(201);
}
