/// <reference lib="dom" />
/**
 * Consent that holds (issue 15, docs/decisions.md "Attribution", ekomloven § 3-15): before the visitor chooses,
 * nothing but the consent record may be stored on the device and no third party is contacted; after
 * "Avvis alle" that stays so; only functional consent lets the first touch be written, and only
 * statistics consent loads the Google tag.
 * Run `npm run build` first, then `npx jest --config e2e/jest.browser.config.js e2e/browser/consent.spec.ts`.
 */
import type { BrowserContext, Page, Request } from 'playwright-core';
import { CONSENT_KEY, visit } from './support/site';
import { useBrowserJourney } from './support/journey';

const ATTRIBUTION_KEY = 'ta.attribution.v1';
const GA_ID = 'G-TESTCONSENT1';

const journey = useBrowserJourney({ env: { GA_MEASUREMENT_ID: GA_ID } });

interface Visitor {
  ctx: BrowserContext;
  page: Page;
  /** Every request to another origin than the site (answered here, never sent out). */
  thirdParty: string[];
  errors: string[];
}

/** A fresh visitor; requests to other origins are recorded and answered locally (gtag.js with an empty script). */
async function visitor(): Promise<Visitor> {
  const ctx = await journey.newContext(1280, { consent: false });
  const thirdParty: string[] = [];
  const origin = new URL(journey.server.url).origin;
  await ctx.route(
    (url) => url.origin !== origin,
    (route) => {
      thirdParty.push(route.request().url());
      if (route.request().url().startsWith('https://www.googletagmanager.com/'))
        return route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* tag */' });
      return route.abort();
    },
  );
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return { ctx, page, thirdParty, errors };
}

/** What the site keeps on the device: localStorage and sessionStorage keys, cookies. */
async function onDevice(v: Visitor): Promise<{ local: string[]; session: string[]; cookies: string[] }> {
  const { local, session } = await v.page.evaluate(() => ({
    local: Object.keys(localStorage).sort(),
    session: Object.keys(sessionStorage).sort(),
  }));
  const cookies = (await v.ctx.cookies()).map((c) => c.name).sort();
  return { local, session, cookies };
}

async function banner(page: Page) {
  const b = page.getByTestId('cookie-banner');
  await b.waitFor({ state: 'visible', timeout: 5000 });
  return b;
}

/** Public pages a visitor may see before choosing (landing, variants, sales, free course, sign-up, checkout). */
const PUBLIC_PAGES = [
  '/c?utm_source=instagram&utm_campaign=host',
  '/',
  '/a',
  '/b',
  '/d',
  '/kurs/foundation',
  '/course/starter',
  '/signup',
  '/bestill?course=foundation',
  '/cookies',
];

describe('before any choice', () => {
  it('nothing is stored and no third party is contacted on any public page, the banner waiting for a choice', async () => {
    const v = await visitor();
    for (const path of PUBLIC_PAGES) {
      await visit(v.page, path);
      await banner(v.page); // the page has been up for a second: every start-up write has happened
      expect({ path, ...(await onDevice(v)) }).toEqual({ path, local: [], session: [], cookies: [] });
    }
    // Navigation inside the app (no reload) records page views too: still nothing on the device.
    await visit(v.page, '/');
    await v.page
      .getByRole('link', { name: /vilkår/i })
      .first()
      .click();
    await v.page.waitForURL('**/vilkar');
    expect(await onDevice(v)).toEqual({ local: [], session: [], cookies: [] });
    expect(v.thirdParty).toEqual([]);
    // The tag's consent default is denied, and gtag.js was not requested.
    expect(await v.page.locator('script[src*="googletagmanager"]').count()).toBe(0);
    expect(v.errors).toEqual([]);
    await v.ctx.close();
  });
});

describe('"Avvis alle"', () => {
  it('stores only the choice; the first touch still goes with the lead from memory; no third party, also after reloads', async () => {
    const v = await visitor();
    await visit(v.page, '/c?utm_source=instagram&utm_campaign=host');
    await (await banner(v.page)).getByRole('button', { name: 'Avvis alle' }).click();
    expect(await onDevice(v)).toEqual({ local: [CONSENT_KEY], session: [], cookies: [] });

    // The lead form on /c sends the visit's first touch, kept in memory only.
    const leadRequest = v.page.waitForRequest((r: Request) => r.url().endsWith('/api/create-user') && r.method() === 'POST');
    const form = v.page.locator('form.lead-form').last();
    await form.locator('input[type=email]').fill(`avvist-${Date.now()}@example.no`);
    await form.locator('button[type=submit]').click();
    const sent = JSON.parse((await leadRequest).postData() ?? '{}');
    expect(sent.attribution).toMatchObject({
      trafficSource: 'C',
      landingPath: '/c',
      utmSource: 'instagram',
      utmCampaign: 'host',
    });
    expect(await onDevice(v)).toEqual({ local: [CONSENT_KEY], session: [], cookies: [] });

    for (const path of ['/b?utm_source=annet', '/', '/course/starter', '/bestill?course=accelerator']) {
      await visit(v.page, path);
      await v.page.waitForTimeout(1200); // longer than the banner delay: it must stay away
      expect(await v.page.getByTestId('cookie-banner').count()).toBe(0);
      expect({ path, ...(await onDevice(v)) }).toEqual({ path, local: [CONSENT_KEY], session: [], cookies: [] });
    }
    expect(v.thirdParty).toEqual([]);
    expect(v.errors).toEqual([]);
    await v.ctx.close();
  });

  it('a first touch stored under an earlier "yes" is removed when functional cookies are turned off', async () => {
    const v = await visitor();
    await visit(v.page, '/d');
    await (await banner(v.page)).getByRole('button', { name: 'Tilpass' }).click();
    const dialog = v.page.getByRole('dialog');
    // Functional on, statistics off: the first touch is written, the tag stays away.
    await dialog.getByLabel('Funksjonelle').check();
    await dialog.getByRole('button', { name: 'Lagre innstillinger' }).click();
    expect((await onDevice(v)).local).toEqual([CONSENT_KEY, ATTRIBUTION_KEY].sort());
    expect(await v.page.evaluate((k) => JSON.parse(localStorage.getItem(k)!), ATTRIBUTION_KEY)).toMatchObject({
      trafficSource: 'D',
      landingPath: '/d',
    });
    expect(v.thirdParty).toEqual([]);

    // The footer's cookie settings: functional off → the stored first touch goes.
    await v.page.getByRole('button', { name: 'Cookie-innstillinger' }).first().click();
    await v.page.getByRole('dialog').getByLabel('Funksjonelle').uncheck();
    await v.page.getByRole('dialog').getByRole('button', { name: 'Lagre innstillinger' }).click();
    expect(await onDevice(v)).toEqual({ local: [CONSENT_KEY], session: [], cookies: [] });
    await visit(v.page, '/a');
    await v.page.waitForTimeout(1200);
    expect(await onDevice(v)).toEqual({ local: [CONSENT_KEY], session: [], cookies: [] });
    expect(v.thirdParty).toEqual([]);
    await v.ctx.close();
  });
});

describe('"Aksepter alle"', () => {
  it('writes the first touch of the visit (kept in memory until now) and only then loads the Google tag', async () => {
    const v = await visitor();
    await visit(v.page, '/b?utm_source=nyhetsbrev&utm_medium=epost');
    // Navigate inside the app before choosing: the first touch stays /b.
    await v.page.getByRole('link', { name: 'Se Foundation' }).click();
    await v.page.waitForURL('**/kurs/foundation');
    expect(await onDevice(v)).toEqual({ local: [], session: [], cookies: [] });
    expect(v.thirdParty).toEqual([]);
    await (await banner(v.page)).getByRole('button', { name: 'Aksepter alle' }).click();
    expect((await onDevice(v)).local).toEqual([CONSENT_KEY, ATTRIBUTION_KEY].sort());
    expect(await v.page.evaluate((k) => JSON.parse(localStorage.getItem(k)!), ATTRIBUTION_KEY)).toEqual({
      trafficSource: 'B',
      landingPath: '/b',
      utmSource: 'nyhetsbrev',
      utmMedium: 'epost',
    });
    // Statistics allowed: now, and only now, gtag.js is requested.
    await v.page.waitForFunction(() => !!document.querySelector('script[src*="googletagmanager"]'));
    const deadline = Date.now() + 5000;
    while (!v.thirdParty.some((u) => u.includes(`id=${GA_ID}`)) && Date.now() < deadline) await v.page.waitForTimeout(100);
    expect(v.thirdParty.length).toBeGreaterThan(0);
    expect(v.thirdParty.every((u) => u.startsWith('https://www.googletagmanager.com/'))).toBe(true);
    expect(v.thirdParty.some((u) => u.includes(`id=${GA_ID}`))).toBe(true);

    // Another visit in the same browser keeps the first touch it stored.
    await visit(v.page, '/c');
    const kept = await v.page.evaluate((k) => JSON.parse(localStorage.getItem(k)!), ATTRIBUTION_KEY);
    expect(kept).toMatchObject({ trafficSource: 'B', landingPath: '/b' });
    expect(v.errors).toEqual([]);
    await v.ctx.close();
  });
});
