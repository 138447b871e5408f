/**
 * Keyboard only (issue 22): the cookie banner right after the skip link, a visible focus ring on the
 * text fields of the dark hero, and the lead form and the checkout completed with Tab, Space and Enter.
 * On the production build: `npm run build` first, then
 * `npx jest --config e2e/jest.browser.config.js e2e/browser/keyboard.spec.ts`.
 */
import type { Page } from 'playwright-core';
import { at, uniqueEmail } from './support/site';
import { useBrowserJourney } from './support/journey';

const journey = useBrowserJourney();

/** What has the keyboard focus: tag, type, name, label text and test id, for matching and messages. */
function focused(page: Page): Promise<{ tag: string; type: string; name: string; text: string; testid: string; id: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const input = el as HTMLInputElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      type: input?.type ?? '',
      name: input?.name ?? '',
      text: (el?.innerText || el?.getAttribute('aria-label') || '').trim(),
      testid: el?.closest('[data-testid]')?.getAttribute('data-testid') ?? '',
      id: el?.id ?? '',
    };
  });
}

type Focused = Awaited<ReturnType<typeof focused>>;

/** Presses Tab until `match` holds for the focused element (at most `max` presses); fails with the path taken. */
async function tabTo(page: Page, match: (f: Focused) => boolean, max = 80): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (match(f)) return;
    seen.push(`${f.tag}${f.name ? `[${f.name}]` : ''}:${f.text.slice(0, 30)}`);
  }
  throw new Error(`not reached in ${max} Tab presses: ${seen.join(' → ')}`);
}

/** The focus ring of the focused element: style, width, colour. */
function ring(page: Page): Promise<{ style: string; width: string; color: string }> {
  return page.evaluate(() => {
    const cs = getComputedStyle(document.activeElement!);
    return { style: cs.outlineStyle, width: cs.outlineWidth, color: cs.outlineColor };
  });
}

describe.each([1366, 390])('keyboard only at %i px', (width) => {
  it('the cookie banner is the first thing after the skip link', async () => {
    const ctx = await journey.newContext(width, { consent: false });
    const page = await ctx.newPage();
    await page.goto('/');
    await page.getByTestId('cookie-banner').waitFor();
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('Hopp til innholdet');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ testid: 'cookie-banner', text: 'cookie-erklæringen' });
    // Through the banner's buttons to a choice, with Enter.
    await tabTo(page, (f) => f.text === 'Avvis alle');
    await page.keyboard.press('Enter');
    await page.getByTestId('cookie-banner').waitFor({ state: 'detached' });
    await ctx.close();
  });

  it('text fields on the dark hero get the 3 px high-contrast ring the buttons have', async () => {
    const ctx = await journey.newContext(width);
    const page = await ctx.newPage();
    await page.goto('/gratis-trading-kurs');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await tabTo(page, (f) => f.tag === 'input' && f.type === 'email');
    expect(await page.evaluate(() => !!document.activeElement?.closest('.hero'))).toBe(true);
    // The focus colour on dark surfaces (tokens.css --color-focus-on-dark), solid, 3 px.
    expect(await ring(page)).toEqual({ style: 'solid', width: '3px', color: 'rgb(255, 209, 102)' });
    // The form's button beside it, for comparison: the same ring.
    await page.keyboard.type('a');
    await page.keyboard.press('Tab');
    expect((await focused(page)).tag).toBe('button');
    expect(await ring(page)).toEqual({ style: 'solid', width: '3px', color: 'rgb(255, 209, 102)' });
    // On a light page the ring is the solid blue of the buttons (it was a 35 % transparent blue).
    await page.goto('/login');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    // The sign-in page asks the server whether someone is signed in first ("Laster …"); a person
    // waits for the form before pressing Tab, and so does the test.
    await page.locator('input[type=email]').waitFor();
    await tabTo(page, (f) => f.tag === 'input' && f.type === 'email');
    expect(await ring(page)).toEqual({ style: 'solid', width: '3px', color: 'rgb(37, 99, 235)' });
    await ctx.close();
  });

  it('the free sign-up on the home page, with the keyboard only', async () => {
    const ctx = await journey.newContext(width);
    const page = await ctx.newPage();
    await page.goto('/');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    const email = uniqueEmail('tastatur');
    await tabTo(page, (f) => f.tag === 'input' && f.type === 'email');
    await page.keyboard.type(email);
    // The marketing box comes after the button: tick it with Space, then back to the button and Enter.
    await tabTo(page, (f) => f.type === 'checkbox' && f.name === 'marketing-consent', 3);
    await page.keyboard.press('Space');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).checked)).toBe(true);
    await page.keyboard.press('Shift+Tab');
    expect((await focused(page)).tag).toBe('button');
    await page.keyboard.press('Enter');
    await at(page, '/course/starter', { timeout: 10_000 });
    await page.getByTestId('player-notice').waitFor();
    await ctx.close();
  });

  it('the checkout, with the keyboard only, to the confirmation page', async () => {
    const ctx = await journey.newContext(width);
    const page = await ctx.newPage();
    await page.goto('/bestill?course=foundation');
    await page.getByTestId('checkout-submit').waitFor();
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });

    // Enter on the order button with nothing filled in: the focus goes to the first missing field.
    await tabTo(page, (f) => f.testid === 'checkout-submit' || f.text.startsWith('START KURSET'));
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === 'email');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');

    await page.keyboard.type(uniqueEmail('tastatur-kjop'));
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('firstName');
    await page.keyboard.type('Kari');
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('lastName');
    await page.keyboard.type('Nordmann');
    // The payment method: Tab into the radio group, arrow to Vipps.
    await page.keyboard.press('Tab');
    expect((await focused(page)).type).toBe('radio');
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('radio', { name: /Vipps/ }).isChecked()).toBe(true);
    await tabTo(page, (f) => f.name === 'acceptTerms', 3);
    await page.keyboard.press('Space');
    expect(await page.locator('input[name="acceptTerms"]').isChecked()).toBe(true);
    await tabTo(page, (f) => f.name === 'acceptRisk', 2);
    await page.keyboard.press('Space');
    expect(await page.locator('input[name="acceptRisk"]').isChecked()).toBe(true);
    await tabTo(page, (f) => f.text.startsWith('START KURSET'), 4);
    await page.keyboard.press('Enter');
    await at(page, '/betaling/fullfort', { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Takk for kjøpet!' }).waitFor();
    await ctx.close();
  });
});
