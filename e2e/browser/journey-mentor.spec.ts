/**
 * The mentor's journey through the whole panel (issue 22), clicked through on a computer (1366 px,
 * where the mentor works), every screen also rendered on a phone (390 px): every resource of the panel's registry (admin/src/resources.ts) is opened from the menu,
 * made (where it can be), filtered, opened from its list, and edited and saved (where it can be).
 * Every screen on the way is checked with axe (WCAG 2.1 A and AA: no violations) and must not
 * scroll sideways, at both widths. A resource added to the registry without steps here fails the suite, and so does
 * steps that miss a view the resource has (its index.ts).
 *
 * Needs the production builds: `npm run build` (contracts, frontend, admin, backend).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { AdminOrder } from '@academy/contracts';
import { appMessages } from '../../admin/src/i18n/nb';
import { formatKr } from '../../admin/src/lib/money';
import { RESOURCE_NAMES, type ResourceName } from '../../admin/src/resources';
import { uniqueEmail } from './support/site';
import { ADMIN, atOtherWidth, checkScreen, useBrowserJourney } from './support/journey';
import { openPanelRun, PANEL_DEVICES, searchList, tabTo, type PanelRun } from './support/admin';
import { REPO_ROOT } from '../support/server';

jest.setTimeout(180_000);

type View = 'list' | 'show' | 'edit' | 'create';

/** The views a resource registers in the panel (its admin/src/<name>/index.ts). */
function registeredViews(name: ResourceName): View[] {
  const source = readFileSync(join(REPO_ROOT, 'admin', 'src', name, 'index.ts'), 'utf8');
  return (['list', 'show', 'edit', 'create'] as const).filter((v) => new RegExp(`^\\s*${v}:`, 'm').test(source));
}

/** A resource's name in the menu (the plural of `Lead |||| Leads`). */
function menuLabel(name: ResourceName): string {
  const texts = appMessages.resources as Record<string, { name?: string }>;
  const forms = (texts[name]?.name ?? name).split('||||');
  return (forms[1] ?? forms[0]).trim();
}

/** One run of the journey: the mentor's page at one width, and what the walk has found so far. */
type Run = PanelRun;

/** What the mentor does with one resource. */
interface Walk {
  /** Makes a record on the create page (already open) and saves it; returns a text its row shows. */
  create?: (r: Run) => Promise<string>;
  /** A text of a row that exists when there is nothing to create (seeded). */
  row?: (r: Run) => string;
  /** Applies one of the list's filters so that the row stays, and checks it; or why there is none. */
  filter: ((r: Run, rowText: string) => Promise<void>) | { none: string };
  /** What a row opens. */
  opens: 'show' | 'edit';
  /** Checks on the record's page (show). */
  show?: (r: Run, rowText: string) => Promise<void>;
  /** From the show page to the edit page (when the resource has both). */
  toEdit?: (r: Run) => Promise<void>;
  /** Changes a field on the edit page and saves; waits until it is saved. */
  edit?: (r: Run, rowText: string) => Promise<void>;
}

const seed = {
  // A long address with no hyphen to break at: it must wrap, not widen the page on a phone.
  buyer: `kari.nordmann.langtnavn.${Date.now().toString(36)}@example.no`,
  refundBuyer: uniqueEmail('ola'),
  homeLead: uniqueEmail('forside'),
  certificateCode: '',
  question: `Hvordan tegner jeg en range ${Date.now().toString(36)}?`,
  thread: `Chart til gjennomgang ${Date.now().toString(36)}`,
};

/** The rows of the list on the page: table rows on a computer, list items on a phone. */
function rows(r: Run, hasText?: string | RegExp): Locator {
  const sel = r.phone ? '[data-testid="phone-list"] > li' : '.RaDataTable-root tbody tr';
  return r.page.locator(sel, hasText ? { hasText } : undefined);
}

/** Checks the screen: axe finds nothing (WCAG 2.1 A/AA) and the page does not scroll sideways, at this width and the other. */
async function check(r: Run, screen: string): Promise<void> {
  await checkScreen(r.page, screen, r.problems);
  await atOtherWidth(r.page, screen, r.problems);
}

/** On a phone, opens the full panel's menu (the light overview shows its menu as it is). */
async function openMenu(r: Run): Promise<void> {
  if (r.phone && (await r.page.locator('.lt-nav').count()) === 0)
    await r.page.getByRole('button', { name: 'Åpne menyen' }).click();
}

/** Opens a resource from the panel's menu (on a phone: behind the menu button). */
async function openFromMenu(r: Run, name: ResourceName): Promise<void> {
  const { page } = r;
  await openMenu(r);
  // A count of what waits may follow the name («Spørsmål 1 venter»): the work queue's badge.
  const item = page.getByRole('menuitem', { name: new RegExp(`^${menuLabel(name)}( \\d+ venter)?$`) });
  const list = new RegExp(`/admin/${name}(\\?.*)?$`);
  await item.click();
  // Twice in one CI run (never locally, also not with CI=true beside another suite) the click on
  // «Utsendelser» right after saving a broadcast left the address unchanged for 30 s. Until the cause
  // is found, a click that did not navigate in 10 s is said in the log and made once more.
  const moved = await page.waitForURL(list, { timeout: 10_000 }).then(
    () => true,
    () => false,
  );
  if (!moved) {
    console.warn(`The menu item for ${name} did not navigate from ${page.url()} in 10 s; clicked again.`);
    await item.click();
    await page.waitForURL(list);
  }
}

/** Clicks Lagre; answers the re-authentication prompt if one comes; waits for `done`. */
async function save(r: Run, done: () => Promise<unknown>, button = 'Lagre'): Promise<void> {
  await r.page.getByRole('button', { name: button, exact: true }).click();
  await answerReauth(r.page, done);
}

async function answerReauth(page: Page, done: () => Promise<unknown>): Promise<void> {
  const prompt = page.getByRole('dialog', { name: 'Bekreft at det er deg' });
  const outcome = await Promise.race([done().then(() => 'done' as const), prompt.waitFor().then(() => 'reauth' as const)]);
  if (outcome === 'reauth') {
    await prompt.getByLabel('Passord').fill(ADMIN.password);
    await prompt.getByRole('button', { name: 'Bekreft' }).click();
    await done();
  }
}

const saved = (page: Page) => () => page.getByText('Lagret', { exact: true }).first().waitFor();

/** Types into the list's search box; the row stays and every row shown matches. */
const search =
  (term: (rowText: string) => string = (t) => t) =>
  async (r: Run, rowText: string) => {
    await searchList(r.page, r.phone, term(rowText), rowText);
  };

const WALKS: Record<ResourceName, Walk> = {
  leads: {
    row: () => seed.homeLead,
    opens: 'show',
    filter: async (r, email) => {
      await search()(r, email);
      // The home page's variant by its one name.
      await rows(r, email)
        .getByText(/Forsiden/)
        .first()
        .waitFor();
    },
    show: async ({ page }, email) => {
      await page.getByText(email).first().waitFor();
      // The home page's variant by its one name.
      await page.getByText('Forsiden', { exact: true }).first().waitFor();
    },
    toEdit: async ({ page }) => {
      await page.getByRole('link', { name: 'Notat og kontaktet' }).click();
      await page.waitForURL(/\/admin\/leads\/\d+$/);
    },
    edit: async (r) => {
      await r.page.getByLabel('Notat').fill(`Ringt ${r.tag}`);
      await save(r, () => r.page.waitForURL(/\/admin\/leads\/\d+\/show$/));
      await r.page.getByText(`Ringt ${r.tag}`).waitFor();
    },
  },
  users: {
    create: async (r) => {
      const email = uniqueEmail(`ny-${r.tag}`);
      await r.page.getByLabel('E-post').fill(email);
      await r.page.getByRole('button', { name: 'Opprett elev' }).click();
      await r.page.getByTestId('login-url').waitFor();
      await openFromMenu(r, 'users');
      return email;
    },
    opens: 'show',
    filter: search(),
    show: async ({ page }, email) => {
      await page.getByText(email).first().waitFor();
      await page.getByText('Første besøk').waitFor();
    },
  },
  orders: {
    row: () => seed.buyer,
    opens: 'show',
    filter: async (r, email) => {
      await search()(r, email);
      // The amount in kroner with Norwegian grouping (the API counts øre), as on the overview.
      const q = encodeURIComponent(JSON.stringify({ q: email }));
      const [order] = (await (await r.page.request.get(`/api/admin/orders?filter=${q}`)).json()) as AdminOrder[];
      const kr = new RegExp(formatKr(order.amountOre).replace(/[\s\u00a0\u202f]/g, '[\\s\\u00a0\\u202f]'));
      expect(await rows(r, email).first().innerText()).toMatch(kr);
    },
    show: async ({ page }) => {
      // Kroner, not øre: Foundation's demo price.
      await page
        .getByText(/^\d[\d\s\u00a0]* kr$/)
        .first()
        .waitFor();
      await page.getByText('innenfor garantien', { exact: false }).waitFor();
    },
  },
  'campaign-codes': {
    create: async (r) => {
      const code = `JOURNEY${r.tag.toUpperCase()}`;
      await r.page.getByLabel('Kode').fill(code);
      await r.page.getByLabel('Beløp (kr)').check();
      await r.page.getByLabel('Rabatt i kroner').fill('250');
      await r.page.getByRole('checkbox', { name: 'Foundation' }).check();
      await save(r, () => r.page.waitForURL(/\/admin\/campaign-codes(\?.*)?$/));
      return code;
    },
    opens: 'edit',
    filter: search(),
    edit: async (r, code) => {
      expect(await r.page.getByLabel('Rabatt i kroner').inputValue()).toBe('250');
      await r.page.getByLabel('Maks antall bruk').fill('10');
      await save(r, () => r.page.waitForURL(/\/admin\/campaign-codes(\?.*)?$/));
      await rows(r, code)
        .getByText(r.phone ? '0 av 10' : /0 av 10/)
        .first()
        .waitFor();
      // The amount off is shown in kroner.
      await rows(r, code)
        .getByText(/250 kr/)
        .first()
        .waitFor();
    },
  },
  courses: {
    row: () => 'Foundation',
    opens: 'edit',
    filter: { none: 'six fixed courses: the list has no filters' },
    edit: async (r) => {
      const description = r.page.getByLabel('Beskrivelse');
      await description.fill(`${await description.inputValue()} (${r.tag})`);
      await save(r, saved(r.page));
    },
  },
  modules: {
    create: async (r) => {
      const title = `Reisemodul ${r.tag}`;
      await r.page.getByRole('combobox', { name: 'Kurs' }).click();
      await r.page.getByRole('option', { name: 'Foundation' }).click();
      await r.page.getByLabel('Tittel').fill(title);
      await save(r, () => r.page.waitForURL(/\/admin\/modules(\?.*)?$/));
      return title;
    },
    opens: 'edit',
    filter: search(),
    edit: async (r, title) => {
      await r.page.getByLabel('Varighet (minutter)').fill('12');
      await save(r, () => r.page.waitForURL(/\/admin\/modules(\?.*)?$/));
      await rows(r, title).first().waitFor();
    },
  },
  'live-sessions': {
    create: async (r) => {
      const title = `Reise-økt ${r.tag}`;
      const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
      await r.page.getByRole('checkbox', { name: 'Foundation' }).check();
      await r.page.getByLabel('Tittel').fill(title);
      await r.page.getByLabel('Start (norsk tid)').fill(`${day}T18:30`);
      await r.page.getByLabel('Varighet (minutter)').fill('60');
      await r.page.getByLabel('Lenke for å bli med (https)').fill('https://zoom.us/j/123456789');
      await save(r, () => r.page.waitForURL(/\/admin\/live-sessions(\?.*)?$/));
      return title;
    },
    opens: 'edit',
    filter: search(),
    edit: async (r, title) => {
      await r.page.getByLabel('Varighet (minutter)').fill('90');
      await save(r, () => r.page.waitForURL(/\/admin\/live-sessions(\?.*)?$/));
      await rows(r, title).first().waitFor();
    },
  },
  'audit-log': {
    // The audit log shows what the journey did, in Norwegian (never a key like live_session.create).
    row: () => 'Live-økt planlagt',
    opens: 'show',
    filter: async (r) => {
      await r.page.locator('input[name="q"]').fill('live_session');
      await r.page.waitForURL(/filter=/);
      await rows(r, 'Live-økt planlagt').first().waitFor();
      // No key like live_session.create (e-mail addresses aside).
      const texts = await rows(r).allInnerTexts();
      for (const t of texts) expect(t.replace(/\S+@\S+/g, '')).not.toMatch(/\b[a-z_]+\.[a-z_.-]+\b/);
    },
    show: async ({ page }) => {
      await page.getByText('Live-økt planlagt').waitFor();
      await page.getByText(/Live-økt \d+/).waitFor();
    },
  },
  outbox: {
    row: () => seed.buyer,
    opens: 'show',
    filter: search(),
    show: async ({ page }) => {
      await page.getByText(seed.buyer).first().waitFor();
    },
  },
  'mentor-threads': {
    row: () => seed.thread,
    opens: 'show',
    filter: search(),
    show: async ({ page }) => {
      await page.getByText(seed.thread).first().waitFor();
      await page.getByTestId('inbox-status').getByText('Venter på mentor').waitFor();
    },
  },
  questions: {
    row: () => seed.question,
    opens: 'show',
    filter: search(),
    show: async ({ page }) => {
      await page.getByText(seed.question).first().waitFor();
      await page.getByText('Ubesvart').first().waitFor();
    },
  },
  certificates: {
    row: () => seed.certificateCode,
    opens: 'show',
    filter: search(),
    show: async ({ page }) => {
      await page.getByText(seed.certificateCode).first().waitFor();
      await page.getByText('Gyldig').first().waitFor();
    },
  },
  broadcasts: {
    create: async (r) => {
      const subject = `Reisebrev ${r.tag}`;
      await r.page.getByLabel('Emne').fill(subject);
      await r.page.getByLabel('Tekst (Markdown)').fill('Hei!\n\nEt brev fra reisen.');
      // The home page's variant by its one name among the segment's variants.
      await r.page.getByRole('checkbox', { name: 'Forsiden' }).waitFor();
      await save(r, () => r.page.waitForURL(/\/admin\/broadcasts\/\d+\/show$/));
      await openFromMenu(r, 'broadcasts');
      return subject;
    },
    opens: 'show',
    filter: search(),
    show: async ({ page }, subject) => {
      await page.getByText(subject).first().waitFor();
    },
    toEdit: async ({ page }) => {
      await page.getByRole('button', { name: 'Rediger' }).click();
      await page.waitForURL(/\/admin\/broadcasts\/\d+$/);
    },
    edit: async (r, subject) => {
      await r.page.getByLabel('Tekst (Markdown)').fill('Hei!\n\nEt lengre brev fra reisen.');
      await save(r, () => r.page.waitForURL(/\/admin\/broadcasts\/\d+\/show$/));
      await r.page.getByText(subject).first().waitFor();
    },
  },
  sequences: {
    create: async (r) => {
      const name = `Reisesekvens ${r.tag}`;
      await r.page.getByLabel('Navn').fill(name);
      await r.page.getByRole('combobox', { name: 'Starter når' }).click();
      await r.page.getByRole('option', { name: 'Lead registrert' }).click();
      await r.page.getByRole('combobox', { name: 'Hvilke leads' }).click();
      // Starter sign-ups from any variant (not the home page: issue 34).
      await r.page.getByRole('option', { name: 'Meldte seg på Starter-kurset (alle varianter)' }).click();
      await r.page.getByLabel('Emne').fill('Velkommen');
      await r.page.getByLabel('Tekst (Markdown)').fill('Hei og velkommen.');
      await save(r, () => r.page.waitForURL(/\/admin\/sequences\/\d+$/));
      await openFromMenu(r, 'sequences');
      return name;
    },
    opens: 'edit',
    filter: search(),
    edit: async (r) => {
      await r.page.getByRole('button', { name: 'Legg til' }).click();
      await r.page.getByLabel('Vent (dager)').nth(1).fill('2');
      await r.page.getByLabel('Klokkeslett (0–23)').nth(1).fill('9');
      await r.page.getByLabel('Emne').nth(1).fill('Har du sett modul 2?');
      await r.page.getByLabel('Tekst (Markdown)').nth(1).fill('Hei igjen.');
      await save(r, saved(r.page));
    },
  },
};

/** The mentor walks one resource: create (if any), filter, open a row, show, edit and save. */
async function walk(r: Run, name: ResourceName): Promise<void> {
  const steps = WALKS[name];
  const views = registeredViews(name);
  const { page } = r;
  await openFromMenu(r, name);
  await check(r, `${name} list`);

  let rowText: string;
  if (views.includes('create')) {
    await page
      .getByRole('link', { name: /^(Opprett|Ny .*|Planlegg live-økt)$/ })
      .first()
      .click();
    await page.waitForURL(new RegExp(`/admin/${name}/create$`));
    // The list stays on screen until the create page has loaded: check the page, not the list.
    await page.locator('.RaList-root').first().waitFor({ state: 'detached' });
    await check(r, `${name} create`);
    rowText = await steps.create!(r);
  } else {
    rowText = steps.row!(r);
  }

  if ('none' in steps.filter) {
    await rows(r, rowText).first().waitFor();
  } else {
    await steps.filter(r, rowText);
    await check(r, `${name} list, filtered`);
  }

  await rows(r, rowText).first().click();
  if (steps.opens === 'show') {
    await page.waitForURL(new RegExp(`/admin/${name}/\\d+/show`));
    // The list stays on screen until the record's page has loaded.
    await rows(r).first().waitFor({ state: 'detached' });
    await steps.show!(r, rowText);
    await check(r, `${name} show`);
    if (!views.includes('edit')) return;
    await steps.toEdit!(r);
  } else {
    await page.waitForURL(new RegExp(`/admin/${name}/[^/]+$`));
  }
  await page.getByRole('button', { name: 'Lagre', exact: true }).waitFor();
  await check(r, `${name} edit`);
  await steps.edit!(r, rowText);
}

describe("the mentor's journey", () => {
  it('has steps for every resource in the panel, for every view it has', () => {
    expect(Object.keys(WALKS).sort()).toEqual([...RESOURCE_NAMES].sort());
    for (const name of RESOURCE_NAMES) {
      const views = registeredViews(name);
      const w = WALKS[name];
      expect({ name, list: views.includes('list') }).toEqual({ name, list: true });
      expect({ name, create: !!w.create }).toEqual({ name, create: views.includes('create') });
      expect({ name, show: !!w.show }).toEqual({ name, show: views.includes('show') });
      expect({ name, edit: !!w.edit }).toEqual({ name, edit: views.includes('edit') });
      expect({ name, opens: views.includes(w.opens) }).toEqual({ name, opens: true });
      if (views.includes('show') && views.includes('edit')) expect({ name, toEdit: !!w.toEdit }).toEqual({ name, toEdit: true });
      if (!views.includes('create')) expect({ name, row: !!w.row }).toEqual({ name, row: true });
    }
  });

  describe('the walk', () => {
    const journey = useBrowserJourney();

    beforeAll(async () => {
      // Two buyers (demo checkout of Foundation, each signed in by it): one to look at, one to refund.
      // A lead from the home page, whose variant the panel names Forsiden.
      const visitor = await journey.newContext(1280, { consent: false });
      const lead = await visitor.request.post('/api/leads', {
        data: { email: seed.homeLead, courseType: 'starter', source: '/', trafficSource: 'starter' },
      });
      expect(lead.status()).toBe(201);
      await visitor.close();
      let ctx: BrowserContext | null = null;
      for (const email of [seed.refundBuyer, seed.buyer]) {
        await ctx?.close();
        ctx = await journey.newContext(1280, { consent: false });
        await ctx.request.post('/api/leads', { data: { email, courseType: 'foundation', source: '/b', trafficSource: 'B' } });
        const buy = await ctx.request.post('/api/checkout/sessions', {
          data: {
            courseId: 'foundation',
            email,
            firstName: 'Kari',
            lastName: 'Nordmann',
            paymentMethod: 'vipps',
            acceptTerms: true,
            acceptRisk: true,
          },
        });
        expect(buy.status()).toBe(201);
      }
      if (!ctx) throw new Error('no buyer');
      // The buyer (signed in by the last checkout) completes Foundation: a certificate.
      const course = (await (await ctx.request.get('/api/courses/foundation')).json()) as { modules: Array<{ id: number }> };
      for (const m of course.modules) {
        const done = await ctx.request.post(`/api/progress/foundation/modules/${m.id}/complete`, { data: {} });
        expect(done.status()).toBe(200);
      }
      const certs = (await (await ctx.request.get('/api/certificates')).json()) as Array<{ code: string }>;
      seed.certificateCode = certs[0]?.code ?? '';
      expect(seed.certificateCode).toMatch(/^[0-9A-Z]{4}-/);
      // The buyer asks under the first module: a question waiting in 'Spørsmål'.
      const asked = await ctx.request.post(`/api/courses/foundation/modules/${course.modules[0].id}/questions`, {
        data: { body: seed.question },
      });
      expect(asked.status()).toBe(201);
      await ctx.close();
      // An Accelerator student sends a chart thread: one waiting in 'Innboks'.
      const mentee = await journey.newContext(1280, { consent: false });
      const bought = await mentee.request.post('/api/checkout/sessions', {
        data: {
          courseId: 'accelerator',
          email: uniqueEmail('chart'),
          firstName: 'Kari',
          lastName: 'Nordmann',
          paymentMethod: 'vipps',
          acceptTerms: true,
          acceptRisk: true,
        },
      });
      expect(bought.status()).toBe(201);
      const thread = await mentee.request.post('/api/mentor/threads', {
        data: { title: seed.thread, body: 'Var dette en god entry?' },
      });
      expect(thread.status()).toBe(201);
      await mentee.close();
    });

    describe('a refund by keyboard only (1366 px)', () => {
      it('opens an order, refunds it in full with the keyboard (re-authenticating on the way), and sees Refundert', async () => {
        const ctx = await journey.newContext(1366, { consent: false });
        const page = await ctx.newPage();
        const run: Run = { page, phone: false, tag: 'kb', problems: [], errors: [] };
        page.on('pageerror', (e) => run.errors.push(e.message));
        await page.goto('/admin/login');
        await page.locator('input[name=username]').fill(ADMIN.email);
        await page.locator('input[name=password]').fill(ADMIN.password);
        await page.keyboard.press('Enter');
        await page.waitForURL(/\/admin\/?$/);
        const q = encodeURIComponent(JSON.stringify({ q: seed.refundBuyer }));
        const [order] = (await (await page.request.get(`/api/admin/orders?filter=${q}`)).json()) as Array<{ id: number }>;
        // As if the sign-in were older than 15 minutes: the first refund asks for the password again.
        let asked = false;
        await page.route('**/api/admin/orders/*/refund', async (route) => {
          if (asked) return route.continue();
          asked = true;
          return route.fulfill({
            status: 401,
            contentType: 'application/json',
            body: JSON.stringify({ statusCode: 401, code: 'REAUTH_REQUIRED', message: 'Logg inn på nytt for å fortsette' }),
          });
        });

        await page.goto(`/admin/orders/${order.id}/show`);
        await page.getByText('innenfor garantien', { exact: false }).waitFor();
        // From here on, only the keyboard.
        await tabTo(page, (el) => el.tagName === 'BUTTON' && el.textContent?.trim() === 'Refunder');
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: `Refunder ordre ${order.id}` });
        await dialog.waitFor();
        await check(run, 'refund dialog');
        expect(await page.evaluate(() => !!document.activeElement?.closest('[role=dialog]'))).toBe(true);
        await tabTo(
          page,
          (el) =>
            el.tagName === 'TEXTAREA' && (el as HTMLTextAreaElement).labels?.[0]?.textContent?.startsWith('Begrunnelse') === true,
        );
        await page.keyboard.type('Angret, refundert med tastaturet');
        await tabTo(
          page,
          (el) => el.tagName === 'BUTTON' && el.getAttribute('type') === 'submit' && !!el.closest('[role=dialog]'),
        );
        await page.keyboard.press('Enter');

        const prompt = page.getByRole('dialog', { name: 'Bekreft at det er deg' });
        await prompt.waitFor();
        await check(run, 're-authentication prompt');
        // The password field has the focus; Enter confirms.
        await page.keyboard.type(ADMIN.password);
        await page.keyboard.press('Enter');
        await page.getByText('Ordren er refundert, og tilgangen til kurset er trukket tilbake').waitFor();
        expect(asked).toBe(true);

        // A fully refunded order says so, not that it is outside the guarantee.
        await page.getByTestId('guarantee').getByText('Refundert', { exact: true }).waitFor();
        expect(await page.getByText('utenfor 30-dagersgarantien').count()).toBe(0);
        await page.getByRole('cell', { name: 'Angret, refundert med tastaturet' }).waitFor();
        await check(run, 'order after the refund');
        await ctx.close();
        expect({ problems: run.problems, errors: run.errors }).toEqual({ problems: [], errors: [] });
      });
    });

    describe('on a computer (1366 px), each screen also on a phone', () => {
      const device = PANEL_DEVICES[0];
      let ctx: BrowserContext;
      const run = {} as Run;

      beforeAll(async () => {
        ctx = await openPanelRun(journey, device, run);
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

      it('signs in and sees the overview', async () => {
        const { page } = run;
        await page.goto('/admin');
        await page.waitForURL(/\/admin\/login$/);
        await page.locator('input[name=username]').waitFor();
        await check(run, 'sign-in');
        await page.locator('input[name=username]').fill(ADMIN.email);
        await page.locator('input[name=password]').fill(ADMIN.password);
        await page.getByRole('button', { name: 'Logg inn' }).click();
        await page.waitForURL(/\/admin\/?$/);
        await page.getByRole('heading', { name: 'Nyeste leads' }).waitFor();
        await check(run, 'overview');
        // Money in kroner with Norwegian grouping, never øre.
        await page
          .getByText(/^\d{1,3}(?:[\s\u00a0]\d{3})* kr$/)
          .first()
          .waitFor();
      });

      it.each(RESOURCE_NAMES.map((name) => [name]))('walks %s', async (name) => {
        if (!WALKS[name]) throw new Error(`The journey has no steps for the resource '${name}'`);
        await walk(run, name);
      });

      it('opens the settings and the security page', async () => {
        const { page } = run;
        for (const [label, path, loaded] of [
          ['Innstillinger', 'settings', page.getByRole('button', { name: 'Lagre' })],
          ['Sikkerhet', 'security', page.getByRole('heading', { name: 'Tofaktorinnlogging' })],
        ] as const) {
          await openMenu(run);
          await page.getByRole('menuitem', { name: label }).click();
          await page.waitForURL(new RegExp(`/admin/${path}$`));
          await loaded.waitFor();
          await check(run, path);
        }
        await openMenu(run);
        await page.getByRole('menuitem', { name: 'Oversikt' }).click();
        await page.getByRole('heading', { name: 'Nyeste leads' }).waitFor();
        await check(run, 'overview (full panel)');
      });
    });
  });
});
