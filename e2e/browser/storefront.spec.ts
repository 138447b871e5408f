/// <reference lib="dom" />
/**
 * Storefront journeys (issue 3): the production build served by node, driven in Debian's Chromium.
 * Run `npm run build` first, then `npm run test:browser -w e2e -- storefront`.
 */
import { VARIANT_LABELS } from '@academy/contracts';
import { axeViolations } from './support/axe';
import type { BrowserContext, Page } from 'playwright-core';
import { newContext } from './support/browser';
import { at, CONSENT_KEY, storeConsent, visit } from './support/site';
import { useBrowserJourney } from './support/journey';

const ATTRIBUTION_KEY = 'ta.attribution.v1';

const journey = useBrowserJourney();

/** A fresh context; `consent` pre-stores a cookie choice so the banner stays away. */
async function open(
  opts: { consent?: boolean; width?: number; baseURL?: string; js?: boolean } = {},
): Promise<{ ctx: BrowserContext; page: Page; errors: string[] }> {
  const ctx =
    opts.js === false
      ? await journey.browser.newContext({
          baseURL: opts.baseURL ?? journey.server.url,
          javaScriptEnabled: false,
          viewport: { width: 390, height: 844 },
        })
      : await newContext(journey.browser, opts.baseURL ?? journey.server.url, { width: opts.width });
  if (opts.consent) await storeConsent(ctx);
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return { ctx, page, errors };
}

/** The Google tag's dataLayer as plain arrays (gtag pushes `arguments` objects). */
function dataLayer(page: Page): Promise<unknown[][]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).map((a) => Array.from(a)),
  );
}

function consentCalls(layer: unknown[][], kind: 'default' | 'update'): Record<string, string>[] {
  return layer.filter((e) => e[0] === 'consent' && e[1] === kind).map((e) => e[2] as Record<string, string>);
}

async function h1(page: Page): Promise<string> {
  return (await page.locator('h1').first().innerText()).trim();
}

describe('server rendering and routes', () => {
  const MENTOR = '/mentor-trading-mentor';
  /** [path, alias, heading] for every public page in SPEC.md's route table. */
  const PAGES: [string, string | null, RegExp][] = [
    ['/', null, /Wyckoff og price action/],
    ['/gratis-trading-kurs', '/a', /^Gratis trading-kurs for nybegynnere$/],
    ['/profesjonell-trading-utdanning', '/b', /^Bli en trader med metode/],
    [MENTOR, '/c', /^Lær trading av /],
    ['/kryptovaluta-trading-kurs', '/d', /^Trading av kryptovaluta/],
    ['/kurs/foundation', null, /^Foundation – /],
    ['/kurs/accelerator', null, /^Accelerator – /],
    ['/signup', null, /^Velg kurs og kom i gang$/],
    ['/vilkar', '/terms', /^Vilkår for bruk$/],
    ['/personvern', '/privacy', /^Personvernerklæring$/],
    ['/cookies', null, /^Cookie-erklæring$/],
  ];

  it.each(PAGES)(
    '%s (alias %s) is rendered on the server with its own heading, title and canonical URL',
    async (path, alias, heading) => {
      for (const p of alias ? [path, alias] : [path]) {
        const res = await fetch(journey.server.url + p);
        expect(res.status).toBe(200);
        const html = await res.text();
        const h = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '') ?? '';
        expect(h).toMatch(heading);
        expect(html).toMatch(/<title[^>]*>[^<]+<\/title>/);
        expect(html).toMatch(/<meta data-head name="description" content="[^"]{40,}"/);
        expect(html).toContain(`<link data-head rel="canonical" href="${journey.server.url}${path}">`);
        expect(html).toContain('property="og:title"');
        expect(html).toContain('id="app-state"');
      }
    },
  );

  it('every page has a unique title', async () => {
    const titles = new Set<string>();
    for (const [path] of PAGES) {
      const html = await (await fetch(journey.server.url + path)).text();
      titles.add(/<title[^>]*>([^<]+)<\/title>/.exec(html)![1]);
    }
    expect(titles.size).toBe(PAGES.length);
  });

  it('hydrates every prerendered page without errors, and the heading stays', async () => {
    const { ctx, page, errors } = await open({ consent: true });
    for (const [path, alias, heading] of PAGES) {
      for (const p of alias ? [path, alias] : [path]) {
        await page.goto(p, { waitUntil: 'networkidle' });
        expect(await h1(page)).toMatch(heading);
        expect(await page.locator('h1').count()).toBe(1);
      }
    }
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('browser-only routes get the app shell (200, own title, not indexed)', async () => {
    const shell: [string, RegExp][] = [
      ['/login', /^Logg inn/],
      ['/dashboard', /^Mine kurs/],
      ['/account/settings', /^Kontoinnstillinger/],
      ['/course/starter', /^Gratis startkurs/],
      ['/course/foundation', /^Kurs/],
      ['/bestill', /^Bestill kurs/],
      ['/payment', /^Bestill kurs/],
      ['/kurs/starter', /^Gratis startkurs/],
    ];
    for (const [p, title] of shell) {
      const res = await fetch(journey.server.url + p);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(/<title[^>]*>([^<]+)<\/title>/.exec(html)?.[1]).toMatch(title);
      expect(html).toContain('name="robots" content="noindex"');
      expect(html).toContain('<div id="root"></div>');
    }
  });

  it('browser-only routes render a heading in the browser', async () => {
    const { ctx, page } = await open({ consent: true });
    for (const p of ['/login', '/course/starter', '/bestill', '/payment']) {
      await page.goto(p, { waitUntil: 'networkidle' });
      await page.locator('h1').first().waitFor();
      expect((await h1(page)).length).toBeGreaterThan(0);
    }
    await ctx.close();
  });

  it('/kurs/starter replaces itself with /course/starter', async () => {
    const { ctx, page } = await open({ consent: true });
    await page.goto('/');
    const before = await page.evaluate(() => history.length);
    await page.goto('/kurs/starter?email=kari%40example.no');
    await page.waitForURL('**/course/starter?email=kari%40example.no');
    // One new entry for the visit, replaced by the redirect (not pushed on top).
    expect(await page.evaluate(() => history.length)).toBe(before + 1);
    await page.goBack();
    await page.waitForURL(journey.server.url + '/');
    await ctx.close();
  });

  it('an unknown path answers 404 with the Norwegian 404 page', async () => {
    for (const p of ['/finnes-ikke', '/kurs/ukjent', '/a/b/c']) {
      const res = await fetch(journey.server.url + p);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain('Fant ikke siden');
      expect(html).toContain('name="robots" content="noindex"');
    }
    const { ctx, page, errors } = await open({ consent: true });
    const res = await visit(page, '/finnes-ikke');
    expect(res?.status()).toBe(404);
    expect(await h1(page)).toBe('Fant ikke siden');
    await page.getByRole('link', { name: 'Til forsiden', exact: true }).click();
    await page.waitForURL(journey.server.url + '/');
    await page.locator('h1', { hasText: 'Wyckoff' }).waitFor();
    // The browser logs the 404 document itself; nothing else may fail.
    expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
    await ctx.close();
  });

  it('prices come from the catalogue', async () => {
    const catalog = (await (await fetch(`${journey.server.url}/api/catalog`)).json()) as {
      items: { id: string; priceOre: number; beforePriceOre: number | null }[];
    };
    const kr = (ore: number) =>
      `${Math.round(ore / 100)
        .toLocaleString('nb-NO')
        .replace(/\s/g, '\u00a0')}\u00a0kr`;
    const foundation = catalog.items.find((i) => i.id === 'foundation')!;
    const html = await (await fetch(`${journey.server.url}/kurs/foundation`)).text();
    expect(html).toContain(kr(foundation.priceOre));
    expect(html).toContain(kr(foundation.beforePriceOre!));
    const free = await (await fetch(`${journey.server.url}/a`)).text();
    expect(free.replace(/<[^>]+>/g, '')).toMatch(/verdi 799\u00a0kr/);
    expect(free).toContain('GRATIS');
  });
});

describe('lead capture', () => {
  it('landing → Starter sign-up → /course/starter at once, the address kept out of the URL, signed out, told that the sign-in link was mailed', async () => {
    const { ctx, page } = await open({ consent: true });
    await visit(page, '/?utm_source=nyhetsbrev&utm_campaign=host');
    const form = page.locator('#signup form');
    const submit = form.locator('button[type=submit]');
    await expect(submit.isDisabled()).resolves.toBe(true);
    await form.locator('input[type=email]').fill('ny.elev@example.no');
    const request = page.waitForRequest((r) => r.url().endsWith('/api/create-user') && r.method() === 'POST');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/create-user')).then(() => Date.now());
    const visited: string[] = [];
    page.on('framenavigated', (f) => visited.push(f.url()));
    await submit.click();
    const body = (await request).postDataJSON();
    expect(body).toMatchObject({
      email: 'ny.elev@example.no',
      courseType: 'starter',
      trafficSource: 'starter',
      attribution: { trafficSource: 'starter', landingPath: '/', utmSource: 'nyhetsbrev', utmCampaign: 'host' },
    });
    // On as soon as the server answers (it waited 3 s, and 4.5 s in all), and no address in any URL.
    await at(page, '/course/starter', { timeout: 10000 });
    expect(Date.now() - (await answered)).toBeLessThan(1500);
    expect(page.url()).toBe(`${journey.server.url}/course/starter`);
    expect(visited.filter((u) => u.includes('ny.elev') || u.includes('example.no'))).toEqual([]);
    await expect(page.getByTestId('player-notice').innerText()).resolves.toBe(
      'Vi har sendt deg en innloggingslenke på e-post. Du kan begynne med en gang – fremgangen lagres i nettleseren til du logger inn.',
    );
    // No session was opened by typing an address.
    expect(visited.some((u) => u.includes('/auto-login'))).toBe(false);
    expect(await page.evaluate(() => fetch('/api/auth/me').then(async (r) => [r.status, await r.json()]))).toEqual([200, null]);
    await page.getByRole('link', { name: 'Logg inn' }).waitFor();
    await ctx.close();
  });

  it('a failed free sign-up goes on to /signup at once with the address in the page, not in the URL', async () => {
    const { ctx, page, errors } = await open({ consent: true });
    await page.route('**/api/create-user', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"statusCode":500,"code":"INTERNAL","message":"Noe gikk galt"}',
      }),
    );
    await visit(page, '/');
    const form = page.locator('#signup form');
    await form.locator('input[type=email]').fill('feilet@example.no');
    await form.locator('button[type=submit]').click();
    await at(page, '/signup', { timeout: 1500 });
    expect(page.url()).toBe(`${journey.server.url}/signup`);
    await expect(page.getByTestId('signup-notice').innerText()).resolves.toContain('feilet@example.no');
    // The retry form has the address already (the form fills it in the frame after it opens).
    const retryEmail = page.locator('.choose-card form input[type=email]');
    await page
      .waitForFunction((el) => (el as HTMLInputElement).value !== '', await retryEmail.elementHandle(), { timeout: 3000 })
      .catch(() => undefined);
    await expect(retryEmail.inputValue()).resolves.toBe('feilet@example.no');
    expect(errors.some((e) => e.includes('Registrering feilet'))).toBe(true);
    await ctx.close();
  });

  it('shows the server’s Norwegian message on a 400 and stays', async () => {
    const { ctx, page } = await open({ consent: true });
    await visit(page, '/kurs/foundation');
    const form = page.locator('.cta-section form');
    await form.locator('input[type=email]').fill('ola@localhost');
    await form.locator('button[type=submit]').click();
    await expect(form.getByRole('alert').innerText()).resolves.toBe('Skriv inn en gyldig e-postadresse');
    await page.waitForTimeout(2500);
    expect(new URL(page.url()).pathname).toBe('/kurs/foundation');
    await ctx.close();
  });

  it('a sales-page lead goes SENDER... → Velkommen! → /bestill after 3 s', async () => {
    const { ctx, page } = await open({ consent: true });
    await visit(page, '/kurs/accelerator');
    const form = page.locator('.cta-section form');
    await expect(form.locator('.lead-form__note').innerText()).resolves.toBe(
      'Ingen spam. Umiddelbar tilgang. Avmeld når som helst.',
    );
    await form.locator('input[type=email]').fill('kjoper@example.no');
    await page.route('**/api/leads', async (route) => {
      await new Promise((r) => setTimeout(r, 300));
      await route.continue();
    });
    const started = Date.now();
    await form.locator('button[type=submit]').click();
    await form.getByRole('button', { name: 'SENDER...' }).waitFor();
    expect(await form.locator('button[type=submit]').isDisabled()).toBe(true);
    await form.getByRole('button', { name: 'Velkommen!' }).waitFor();
    await page.waitForURL('**/bestill?course=accelerator&email=kjoper%40example.no', { timeout: 8000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
    await ctx.close();
  });

  it('a failed request is logged and redirects after 2 s', async () => {
    const { ctx, page, errors } = await open({ consent: true });
    await page.route('**/api/leads', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"statusCode":500,"code":"INTERNAL","message":"Noe gikk galt"}',
      }),
    );
    await visit(page, '/b');
    const form = page.locator('.cta-section form');
    await form.locator('input[type=email]').fill('feil@example.no');
    await form.locator('button[type=submit]').click();
    await page.waitForURL('**/bestill?course=foundation&email=feil%40example.no', { timeout: 5000 });
    expect(errors.some((e) => e.includes('Form submission failed'))).toBe(true);
    await ctx.close();
  });

  it('the form works without JavaScript (form POST to / → 303)', async () => {
    const { ctx, page } = await open({ js: false });
    await page.goto('/gratis-trading-kurs');
    const form = page.locator('form.lead-form').first();
    expect(await form.getAttribute('method')).toBe('post');
    expect(await form.getAttribute('action')).toBe('/');
    await form.locator('input[type=email]').fill('utenjs@example.no');
    await form.locator('button[type=submit]').click();
    await page.waitForURL('**/course/starter?email=utenjs%40example.no');
    await ctx.close();
  });

  it('remembers the first touch and never overwrites it', async () => {
    const { ctx, page } = await open({ consent: true });
    await visit(page, '/c?utm_source=instagram&utm_medium=social');
    await visit(page, '/b?utm_source=annet');
    const stored = await page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null'), ATTRIBUTION_KEY);
    expect(stored).toMatchObject({ trafficSource: 'C', landingPath: '/c', utmSource: 'instagram', utmMedium: 'social' });
    await ctx.close();
  });
});

describe('sales page', () => {
  it('shows the sticky bar after 100 px of scroll, with the lead form', async () => {
    const { ctx, page } = await open({ consent: true });
    await visit(page, '/kurs/foundation');
    const bar = page.getByTestId('sticky-bar');
    expect(await bar.isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 90));
    await page.waitForTimeout(200);
    expect(await bar.getAttribute('class')).not.toContain('sticky-bar--visible');
    await page.evaluate(() => window.scrollTo(0, 150));
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=sticky-bar]')?.classList.contains('sticky-bar--visible'),
    );
    await bar.locator('input[type=email]').waitFor({ state: 'visible' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(
      () => !document.querySelector('[data-testid=sticky-bar]')?.classList.contains('sticky-bar--visible'),
    );
    await ctx.close();
  });

  it('?email= shows a welcome-back line and a button to /bestill', async () => {
    const { ctx, page, errors } = await open({ consent: true });
    await visit(page, '/kurs/accelerator?email=kari%40example.no');
    await page.evaluate(() => window.scrollTo(0, 400));
    const bar = page.getByTestId('sticky-bar');
    await bar.getByTestId('welcome-back').waitFor({ state: 'visible' });
    expect(await bar.getByTestId('welcome-back').innerText()).toContain('Velkommen tilbake, kari@example.no');
    expect(await bar.locator('form').count()).toBe(0);
    const link = bar.getByRole('link', { name: 'Fortsett til bestilling' });
    expect(await link.getAttribute('href')).toBe('/bestill?course=accelerator&email=kari%40example.no');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('tabs are keyboard-operable and switch the course info', async () => {
    const { ctx, page } = await open({ consent: true, width: 1280 });
    await visit(page, '/kurs/foundation');
    const tabs = page.locator('#kursinfo [role=tab]');
    expect(await tabs.count()).toBe(4);
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    expect(await tabs.nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await tabs.nth(1).getAttribute('tabindex')).toBe('0');
    expect(await tabs.nth(0).getAttribute('tabindex')).toBe('-1');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tab');
    await page.keyboard.press('End');
    expect(await tabs.nth(3).getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('#kursinfo [role=tabpanel]').innerText()).toContain('30 dager');
    await ctx.close();
  });
});

describe('cookie banner and consent mode', () => {
  async function banner(page: Page) {
    const b = page.getByTestId('cookie-banner');
    await b.waitFor({ state: 'visible', timeout: 3000 });
    return b;
  }

  it('appears after 1 s without a stored choice; the default is denied', async () => {
    const { ctx, page } = await open();
    await page.goto('/');
    const t0 = Date.now();
    expect(await page.getByTestId('cookie-banner').count()).toBe(0);
    await banner(page);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(700);
    const layer = await dataLayer(page);
    expect(consentCalls(layer, 'default')[0]).toMatchObject({
      analytics_storage: 'denied',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    });
    expect(consentCalls(layer, 'update')).toEqual([]);
    // No measurement id configured: gtag.js is not loaded.
    expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0);
    await ctx.close();
  });

  it('Aksepter alle grants everything and survives a reload', async () => {
    const { ctx, page } = await open();
    await page.goto('/');
    await (await banner(page)).getByRole('button', { name: 'Aksepter alle' }).click();
    expect(await page.getByTestId('cookie-banner').count()).toBe(0);
    expect(consentCalls(await dataLayer(page), 'update').at(-1)).toEqual({
      analytics_storage: 'granted',
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
    });
    expect(await page.evaluate((k) => JSON.parse(localStorage.getItem(k)!), CONSENT_KEY)).toMatchObject({
      necessary: true,
      functional: true,
      analytics: true,
      marketing: true,
    });
    await page.reload();
    await page.waitForTimeout(1500);
    expect(await page.getByTestId('cookie-banner').count()).toBe(0);
    const layer = await dataLayer(page);
    expect(consentCalls(layer, 'default')[0].analytics_storage).toBe('denied');
    expect(consentCalls(layer, 'update').at(-1)).toMatchObject({ analytics_storage: 'granted', ad_storage: 'granted' });
    await ctx.close();
  });

  it('Avvis alle keeps everything denied and survives a reload', async () => {
    const { ctx, page } = await open();
    await page.goto('/a');
    await (await banner(page)).getByRole('button', { name: 'Avvis alle' }).click();
    expect(consentCalls(await dataLayer(page), 'update').at(-1)).toEqual({
      analytics_storage: 'denied',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    });
    expect(await page.evaluate((k) => JSON.parse(localStorage.getItem(k)!), CONSENT_KEY)).toMatchObject({
      necessary: true,
      functional: false,
      analytics: false,
      marketing: false,
    });
    await page.reload();
    await page.waitForTimeout(1500);
    expect(await page.getByTestId('cookie-banner').count()).toBe(0);
    expect(consentCalls(await dataLayer(page), 'update').at(-1)).toMatchObject({
      analytics_storage: 'denied',
      ad_storage: 'denied',
    });
    await ctx.close();
  });

  it('Tilpass opens the dialog with every optional category off; Lagre innstillinger stores the toggles', async () => {
    const { ctx, page } = await open({ width: 1280 });
    await page.goto('/');
    await (await banner(page)).getByRole('button', { name: 'Tilpass' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie-innstillinger' });
    await dialog.waitFor();
    const sw = (name: string) => dialog.getByRole('switch', { name: new RegExp(`^${name}`) });
    expect(await sw('Nødvendige').isChecked()).toBe(true);
    expect(await sw('Nødvendige').isDisabled()).toBe(true);
    // Nothing optional is pre-ticked: a pre-ticked box is not consent (docs/decisions.md "Cookie consent").
    expect(await sw('Funksjonelle').isChecked()).toBe(false);
    expect(await sw('Statistikk').isChecked()).toBe(false);
    expect(await sw('Markedsføring').isChecked()).toBe(false);
    // Focus stays in the dialog.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
    }
    await sw('Markedsføring').click();
    await dialog.getByRole('button', { name: 'Lagre innstillinger' }).click();
    expect(await dialog.count()).toBe(0);
    expect(await page.getByTestId('cookie-banner').count()).toBe(0);
    expect(consentCalls(await dataLayer(page), 'update').at(-1)).toEqual({
      analytics_storage: 'denied',
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
    });
    await page.reload();
    await page.waitForTimeout(1500);
    expect(await page.getByTestId('cookie-banner').count()).toBe(0);
    expect(consentCalls(await dataLayer(page), 'update').at(-1)).toMatchObject({
      analytics_storage: 'denied',
      ad_storage: 'granted',
    });
    // The footer link reopens the dialog with the stored choice; Escape closes it.
    await page.getByRole('button', { name: 'Cookie-innstillinger' }).click();
    await dialog.waitFor();
    expect(await sw('Statistikk').isChecked()).toBe(false);
    expect(await sw('Markedsføring').isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await ctx.close();
  });

  it('a corrupt stored value is logged and ignored', async () => {
    const { ctx, page, errors } = await open();
    await ctx.addInitScript((k) => localStorage.setItem(k, '{ikke json'), CONSENT_KEY);
    await page.goto('/');
    await banner(page);
    expect(errors.some((e) => e.includes('Ugyldige cookie-innstillinger'))).toBe(true);
    expect(consentCalls(await dataLayer(page), 'update')).toEqual([]);
    await ctx.close();
  });
});

describe('test panel and navigation bar', () => {
  it('the test panel shows only on localhost or with ?test=true', async () => {
    const { ctx, page } = await open({ consent: true });
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    expect(await page.getByTestId('test-panel').count()).toBe(0);
    await visit(page, '/b?test=true');
    await page.getByTestId('test-panel').waitFor();
    await page.getByTestId('test-panel').getByRole('button', { name: 'Test' }).click();
    const links = page.getByTestId('test-panel').getByRole('link');
    const hrefs = await links.evaluateAll((els) => els.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(
      expect.arrayContaining(['/?test=true', '/a?test=true', '/b?test=true', '/c?test=true', '/d?test=true']),
    );
    // The variants go by the names the admin panel gives them: the home page is 'Forsiden' in both.
    for (const [id, href] of [
      ['starter', '/?test=true'],
      ['A', '/a?test=true'],
      ['B', '/b?test=true'],
      ['C', '/c?test=true'],
      ['D', '/d?test=true'],
    ] as const) {
      expect(await page.getByTestId('test-panel').locator(`a[href="${href}"]`).innerText()).toBe(VARIANT_LABELS[id]);
    }
    expect(VARIANT_LABELS.starter).toBe('Forsiden');
    // Server HTML never contains it (decided after mount).
    expect(await (await fetch(`${journey.server.url}/?test=true`)).text()).not.toContain('test-panel');
    await ctx.close();

    const local = await open({ consent: true, baseURL: journey.server.url.replace('127.0.0.1', 'localhost') });
    await local.page.goto('/', { waitUntil: 'networkidle' });
    await local.page.getByTestId('test-panel').waitFor();
    await local.ctx.close();
  });

  it('the navigation bar turns opaque after 50 px of scroll', async () => {
    const { ctx, page } = await open({ consent: true });
    await visit(page, '/');
    const nav = page.locator('header.nav');
    expect(await nav.getAttribute('data-scrolled')).toBe('false');
    await page.evaluate(() => window.scrollTo(0, 40));
    await page.waitForTimeout(150);
    expect(await nav.getAttribute('data-scrolled')).toBe('false');
    await page.evaluate(() => window.scrollTo(0, 60));
    await page.waitForFunction(() => document.querySelector('header.nav')?.getAttribute('data-scrolled') === 'true');
    // Opaque white once the colour transition has finished.
    await page.waitForFunction(
      () => getComputedStyle(document.querySelector('header.nav')!).backgroundColor === 'rgb(255, 255, 255)',
    );
    await ctx.close();
  });
});

describe('quality', () => {
  it.each(['/', '/a', '/b', '/c', '/d', '/kurs/foundation', '/signup', '/vilkar', '/finnes-ikke'])(
    '%s has no serious or critical axe violations',
    async (path) => {
      const { ctx, page } = await open({ consent: true });
      await page.goto(path, { waitUntil: 'networkidle' });
      const bad = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      await ctx.close();
    },
  );

  it('the cookie dialog has no serious or critical axe violations', async () => {
    const { ctx, page } = await open();
    await page.goto('/');
    await page.getByTestId('cookie-banner').waitFor({ timeout: 3000 });
    const banner = await axeViolations(page, { include: '[data-testid=cookie-banner]' });
    await page.getByRole('button', { name: 'Tilpass' }).click();
    await page.getByRole('dialog').waitFor();
    const dialog = await axeViolations(page, { include: 'dialog' });
    const bad = [...banner, ...dialog].filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => v.id)).toEqual([]);
    await ctx.close();
  });

  it.each(['/', '/kurs/foundation', '/a'])('%s hydrates without layout shift (CLS < 0.05)', async (path) => {
    const { ctx, page } = await open({ consent: true });
    await ctx.addInitScript(() => {
      (window as unknown as { __cls: number }).__cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!e.hadRecentInput) (window as unknown as { __cls: number }).__cls += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThan(0.05);
    await ctx.close();
  });

  it('the landing page loads no player, checkout, dashboard or admin code', async () => {
    const { ctx, page } = await open({ consent: true });
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(scripts.length).toBeGreaterThan(0);
    expect(
      scripts.filter((s) => /Checkout|Payment|Dashboard|CoursePlayer|Player|AccountSettings|Login|\/admin\//i.test(s)),
    ).toEqual([]);
    await ctx.close();
  });
});
