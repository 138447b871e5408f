/**
 * The mentor's journey, continued (issue 34): orders and students, clicked through at 1366 px (where
 * the mentor works), with axe (WCAG 2.1 A and AA) on every screen and no sideways scrolling, each
 * screen also rendered at 390 px. Lists are used by keyboard: Tab from the search box reaches a row
 * (a table row with a visible focus ring) and Enter opens it.
 *
 * Orders: search by the buyer's full name and by "ordre N", VIP in the course filter, the order's
 * code, discount, UTM and receipt; table words are never broken inside (e-mail addresses only
 * after '@' or '.'). Students: one page per student (edit name and notes; a new e-mail address the
 * student confirms from the mailed link; «Send ny innloggingslenke»; questions, inbox,
 * certificates and mails), VIP by hand (its period, lengthened; no mentorship and no «Åpne alle
 * moduler»), the grant's mail with its sign-in link, bulk «Gi kurs» and the CSV export. 2FA: the
 * page says it is on as soon as the code is accepted; the recovery codes neither overlap nor wrap.
 *
 * Needs the production builds: `npm run build` (contracts, frontend, admin, backend).
 */
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { linkIn } from '../api/support/smtp-sink';
import { uniqueEmail } from './support/site';
import { ADMIN, atOtherWidth, atWidth, checkScreen, PHONE, useBrowserJourney } from './support/journey';
import { openPanelRun, PANEL_DEVICES, searchList, tabTo, useSignedInPanel, type PanelRun } from './support/admin';

jest.setTimeout(240_000);

const stamp = Date.now().toString(36);

type Run = PanelRun;

/** Checks the screen: axe finds nothing (WCAG 2.1 A/AA) and the page does not scroll sideways, at this width and the other. */
async function check(r: Run, screen: string): Promise<void> {
  await checkScreen(r.page, screen, r.problems);
  await atOtherWidth(r.page, screen, r.problems);
}

/**
 * Words in the page's tables that wrap inside themselves: any word split over two lines, except an
 * e-mail address split right after its '@' or a dot.
 */
async function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.parentElement?.closest('table')) continue;
      const text = n.textContent ?? '';
      for (const m of text.matchAll(/\S+/g)) {
        let prevTop: number | null = null;
        for (let i = 0; i < m[0].length; i++) {
          const range = document.createRange();
          range.setStart(n, m.index + i);
          range.setEnd(n, m.index + i + 1);
          const rect = range.getBoundingClientRect();
          if (rect.width === 0 && rect.height === 0) continue;
          if (prevTop !== null && rect.top > prevTop + 2) {
            const before = m[0][i - 1];
            // A compound breaks after its hyphen ("VIP-|tilgangen"); an address only after '@' or a dot.
            const ok = m[0].includes('@') ? before === '@' || before === '.' : before === '-';
            if (!ok) out.push(`${m[0]} (after "${m[0].slice(0, i)}")`);
          }
          prevTop = rect.top;
        }
      }
    }
    return out;
  });
}

/**
 * Types into the list's search box, then goes to the first row by keyboard only and opens it with
 * Enter: a table row with a visible focus ring (computer) or the row's link (phone).
 */
async function openRowByKeyboard(r: Run, term: string, rowText: string): Promise<void> {
  const { page } = r;
  const box = page.locator('input[name="q"]');
  await searchList(page, r.phone, term, rowText);
  await box.focus();
  if (r.phone) {
    await tabTo(page, (el) => el.tagName === 'A' && !!el.closest('[data-testid="phone-list"]'));
  } else {
    await tabTo(page, (el) => el.tagName === 'TR' && !!el.closest('tbody'));
    const ring = await page.evaluate(() => {
      const s = getComputedStyle(document.activeElement!);
      return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
    });
    expect(ring.style).not.toBe('none');
    expect(ring.width).toBeGreaterThanOrEqual(2);
  }
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/show/);
}

/** Clicks through a step-up prompt if one comes (the sign-in in these runs is fresh, so rarely). */
async function answerReauth(page: Page, done: () => Promise<unknown>): Promise<void> {
  const prompt = page.getByRole('dialog', { name: 'Bekreft at det er deg' });
  const outcome = await Promise.race([done().then(() => 'done' as const), prompt.waitFor().then(() => 'reauth' as const)]);
  if (outcome === 'reauth') {
    await prompt.getByLabel('Passord').fill(ADMIN.password);
    await prompt.getByRole('button', { name: 'Bekreft' }).click();
    await done();
  }
}

const totp = (secret: string, at = Date.now()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: at });

describe('mentor journey: orders and students (issue 34)', () => {
  const seed = {
    /** The buyer the mentor finds by full name; a long address with dots that may only wrap after '@' or '.'. */
    buyerFirst: 'Sigrid',
    buyerLast: `Undsetsen${stamp}`,
    buyer: `sigrid.undsetsen.langtnavn.${stamp}@example.no`,
    buyerOrder: 0,
    vipBuyer: uniqueEmail('vip'),
    vipOrder: 0,
    /** The student for the student page (by the run's tag), and two more for the bulk grant. */
    students: {} as Record<string, string>,
    bulk: [uniqueEmail('bulk-a'), uniqueEmail('bulk-b')],
  };

  const journey = useBrowserJourney({ mail: true });

  beforeAll(async () => {
    const buy = async (email: string, courseId: string, firstName = 'Kari', lastName = 'Nordmann'): Promise<void> => {
      const ctx = await journey.newContext(1280, { consent: false });
      const res = await ctx.request.post('/api/checkout/sessions', {
        data: { courseId, email, firstName, lastName, paymentMethod: 'card', acceptTerms: true, acceptRisk: true },
      });
      expect(res.status()).toBe(201);
      await ctx.close();
    };
    await buy(seed.buyer, 'foundation', seed.buyerFirst, seed.buyerLast);
    await buy(seed.vipBuyer, 'vip');
    for (const tag of [PANEL_DEVICES[0].tag]) {
      seed.students[tag] = uniqueEmail(`elev-${tag}`);
      await buy(seed.students[tag], 'foundation');
    }
    for (const email of seed.bulk) await buy(email, 'foundation');
    // The order numbers, as the mentor sees them.
    const admin = await journey.newContext(1280, { consent: false });
    const login = await admin.request.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } });
    expect(login.status()).toBe(200);
    const find = async (email: string) => {
      const q = encodeURIComponent(JSON.stringify({ q: email }));
      const [o] = (await (await admin.request.get(`/api/admin/orders?filter=${q}`)).json()) as Array<{ id: number }>;
      return o.id;
    };
    seed.buyerOrder = await find(seed.buyer);
    seed.vipOrder = await find(seed.vipBuyer);
    await admin.close();
  });

  describe('on a computer (1366 px), each screen also on a phone', () => {
    const device = PANEL_DEVICES[0];
    const { width, height, tag } = device;
    const run: Run = useSignedInPanel(journey, device, ADMIN);

    it('finds an order by the buyer’s full name and opens it by keyboard: code, discount, UTM and receipt', async () => {
      const { page } = run;
      await page.goto('/admin/orders');
      await page.locator('input[name="q"]').waitFor();
      await check(run, 'orders');
      if (!run.phone) expect(await brokenWords(page)).toEqual([]);
      await openRowByKeyboard(run, `${seed.buyerFirst} ${seed.buyerLast}`, run.phone ? seed.buyer : seed.buyerLast.slice(0, 6));
      await page.waitForURL(new RegExp(`/admin/orders/${seed.buyerOrder}/show`));
      await page.getByText('Kampanjekode', { exact: true }).waitFor();
      await page.getByTestId('order-code').getByText('Ingen').waitFor();
      await page.getByText('Kilde og UTM').waitFor();
      await page.getByRole('link', { name: /^Kvittering nr\. \d+ \(PDF\)$/ }).waitFor();
      await page.getByRole('link', { name: 'Åpne kvitteringen' }).waitFor();
      await check(run, 'order page');
      if (!run.phone) expect(await brokenWords(page)).toEqual([]);
    });

    it('"ordre N" finds that order alone; VIP is in the course filter', async () => {
      const { page } = run;
      await page.goto('/admin/orders');
      await searchList(page, run.phone, `ordre ${seed.vipOrder}`, seed.vipBuyer);
      const rowsSel = run.phone ? '[data-testid="phone-list"] > li' : '.RaDataTable-root tbody tr';
      await expect_eventually(async () => (await page.locator(rowsSel).count()) === 1);
      // The course filter offers every product of the catalogue.
      await page.goto(`/admin/orders?filter=${encodeURIComponent(JSON.stringify({ courseId: 'vip' }))}`);
      await page.locator(rowsSel, { hasText: seed.vipBuyer }).first().waitFor();
      await check(run, 'orders filtered on VIP');
    });

    it('opens a student by keyboard; grants VIP by hand with the mail; VIP shows its period and is lengthened', async () => {
      const { page } = run;
      const email = seed.students[tag];
      await page.goto('/admin/users');
      await page.locator('input[name="q"]').waitFor();
      await check(run, 'students');
      if (!run.phone) expect(await brokenWords(page)).toEqual([]);
      await openRowByKeyboard(run, email, email);
      await page.getByText(email).first().waitFor();
      await check(run, 'student overview');

      await page.getByRole('tab', { name: 'Tilganger' }).click();
      await page.getByRole('combobox', { name: 'Kurs' }).click();
      await page.getByRole('option', { name: 'VIP' }).click();
      expect(await page.getByLabel('Send e-post til eleven med innloggingslenke').isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Gi tilgang' }).click();
      await answerReauth(page, () => page.getByText(`VIP er gitt til ${email} (e-post sendt)`).waitFor());
      const vipRow = page.locator('[data-testid="grant-vip"]');
      await vipRow.getByText(/^VIP-periode til \d{2}\.\d{2}\.\d{4}/).waitFor();
      // VIP is a membership: no mentorship period, no drip release.
      expect(await vipRow.getByText('Åpne alle moduler').count()).toBe(0);
      expect(await vipRow.getByText('Gi mentorperiode').count()).toBe(0);
      const before = (await vipRow.getByText(/^VIP-periode til/).textContent()) ?? '';
      await check(run, 'student grants with VIP');
      if (!run.phone) expect(await brokenWords(page)).toEqual([]);
      await vipRow.getByLabel('Dager').fill('30');
      await vipRow.getByRole('button', { name: 'Forleng' }).click();
      await answerReauth(page, () => page.getByText(/^VIP-perioden er forlenget til/).waitFor());
      await expect_eventually(async () => ((await vipRow.getByText(/^VIP-periode til/).textContent()) ?? '') !== before);

      const granted = await journey.sink.waitFor(
        (m) => m.to.includes(email) && m.subject === 'Du har fått tilgang til VIP',
        15_000,
      );
      expect(granted.text).toContain('Mentoren har gitt deg tilgang til VIP');
      await page.getByRole('tab', { name: 'E-post' }).click();
      await page
        .getByRole('cell', { name: 'Tilgang gitt av mentor' })
        .or(page.getByText('Tilgang gitt av mentor'))
        .first()
        .waitFor();
      await check(run, 'student mails');
    });

    it('edits the student’s name and notes; a new e-mail address is confirmed by the student from the mail', async () => {
      const { page } = run;
      const email = seed.students[tag];
      const next = uniqueEmail(`ny-${tag}`);
      await page.getByRole('tab', { name: 'Oversikt' }).click();
      await page.getByLabel('Fornavn').fill('Ingrid');
      await page.getByLabel('Etternavn').fill(`Bjørnstad ${tag}`);
      await page.getByLabel('Notater (bare for mentoren)').fill(`Ringte om Accelerator (${tag})`);
      await page.getByLabel('E-post').fill(next);
      await check(run, 'student edit');
      await page.getByRole('button', { name: 'Lagre eleven' }).click();
      await page
        .getByText(`Lagret. ${next} har fått en lenke for å bekrefte den nye adressen, og ${email} har fått beskjed.`)
        .waitFor();
      await page.getByTestId('pending-email').waitFor();
      await check(run, 'student edit, address waiting');

      const confirm = await journey.sink.waitFor(
        (m) => m.to.includes(next) && m.subject.startsWith('Bekreft ny e-postadresse'),
        15_000,
      );
      const student = await journey.newContext(width, { height });
      const sp = await student.newPage();
      sp.on('pageerror', (e) => run.errors.push(e.message));
      await sp.goto(linkIn(confirm.text, `${journey.server.url}/bekreft-epost`));
      await sp.getByRole('button', { name: 'Bekreft ny adresse' }).waitFor();
      await check({ ...run, page: sp }, 'storefront: confirm e-mail');
      await sp.getByRole('button', { name: 'Bekreft ny adresse' }).click();
      await sp.getByText(`E-postadressen er byttet til ${next}.`, { exact: false }).waitFor();
      await check({ ...run, page: sp }, 'storefront: e-mail confirmed');
      await student.close();

      await page.reload();
      await page.getByRole('tab', { name: 'Oversikt' }).click();
      await page.getByText(next).first().waitFor();
      await page.getByText(`Ringte om Accelerator (${tag})`).first().waitFor();
      expect(await page.getByText(email, { exact: true }).count()).toBe(0);
      seed.students[tag] = next;
    });

    it('sends a new sign-in link, and shows questions, inbox and certificates', async () => {
      const { page } = run;
      const email = seed.students[tag];
      await page.getByRole('button', { name: 'Send ny innloggingslenke' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Send lenken' }).waitFor();
      await check(run, 'send sign-in link dialog');
      await page.getByRole('dialog').getByRole('button', { name: 'Send lenken' }).click();
      await answerReauth(page, () => page.getByText(`En ny innloggingslenke er sendt til ${email}`).waitFor());
      const sent = await journey.sink.waitFor(
        (m) => m.to.includes(email) && m.subject.startsWith('Din innloggingslenke'),
        15_000,
      );
      expect(linkIn(sent.text, `${journey.server.url}/auto-login`)).toMatch(/#token=/);
      for (const [tab, empty] of [
        ['Spørsmål', 'Eleven har ikke stilt spørsmål.'],
        ['Spørsmål', 'Eleven har ingen tråder i innboksen.'],
        ['Fremdrift', 'Eleven har ingen sertifikater.'],
      ] as const) {
        await page.getByRole('tab', { name: tab }).click();
        await page.getByText(empty).waitFor();
        await check(run, `student ${tab}`);
      }
    });

    it('two-factor sign-in: the page says it is on at once; the recovery codes neither overlap nor wrap', async () => {
      const { page } = run;
      await page.goto('/admin/security');
      await page.getByRole('button', { name: 'Sett opp tofaktorinnlogging' }).click();
      await page.getByRole('img', { name: 'QR-kode for autentiseringsappen' }).locator('svg').waitFor();
      const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
      await page.getByLabel('Engangskode').fill(totp(secret, Date.now()));
      await page.getByRole('button', { name: 'Bekreft og slå på' }).click();
      await page.getByRole('heading', { name: 'Gjenopprettingskoder' }).waitFor();
      await page.getByTestId('totp-status').getByText('Tofaktorinnlogging er på.').waitFor();
      expect(await page.getByText('Tofaktorinnlogging er av.').count()).toBe(0);
      // Each code on one line, none over another: on a computer and on a phone.
      const codeBoxes = () =>
        page
          .getByTestId('recovery-codes')
          .locator('li')
          .evaluateAll((lis) =>
            lis.map((li) => {
              const r = li.getBoundingClientRect();
              const lines = document.createRange();
              lines.selectNodeContents(li);
              return {
                left: r.left,
                right: r.right,
                top: r.top,
                bottom: r.bottom,
                lines: new Set(Array.from(lines.getClientRects(), (x) => Math.round(x.top))).size,
              };
            }),
          );
      for (const boxes of [await codeBoxes(), await atWidth(page, PHONE, codeBoxes)]) {
        expect(boxes).toHaveLength(10);
        for (const b of boxes) expect(b.lines).toBe(1);
        for (let i = 0; i < boxes.length; i++)
          for (let j = i + 1; j < boxes.length; j++) {
            const a = boxes[i];
            const b = boxes[j];
            const overlap = a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
            expect(overlap).toBe(false);
          }
      }
      const codes = await page.getByTestId('recovery-codes').locator('li').allTextContents();
      await check(run, 'recovery codes');
      // The toast may cover the button: the keyboard presses it.
      await page.getByRole('button', { name: 'Jeg har lagret kodene' }).focus();
      await page.keyboard.press('Enter');
      await page.getByText('10 ubrukte gjenopprettingskoder igjen.').waitFor();
      // Off again with a recovery code.
      await page.getByLabel('Passord').fill(ADMIN.password);
      await page.getByLabel(/Engangskode eller gjenopprettingskode/).fill(codes[0]);
      await page.getByRole('button', { name: 'Slå av', exact: true }).click();
      await page.getByTestId('totp-status').getByText('Tofaktorinnlogging er av.').waitFor();
    });
  });

  describe('bulk actions (1366 px, by keyboard)', () => {
    it('selects two students with the keyboard, gives them a course each with a mail, and exports them', async () => {
      const run = {} as Run;
      const ctx = await openPanelRun(journey, { width: 1366, height: 900, tag: 'bulk' }, run);
      const { page } = run;
      // Signed in by keyboard too: Enter in the password field.
      await page.goto('/admin/login');
      await page.locator('input[name=username]').fill(ADMIN.email);
      await page.locator('input[name=password]').fill(ADMIN.password);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/admin\/?$/);
      await page.goto('/admin/users');
      await searchList(page, false, 'bulk-', 'bulk-');
      for (const email of seed.bulk) await page.locator('.RaDataTable-root tbody tr', { hasText: email }).waitFor();
      await page.locator('input[name="q"]').focus();
      for (const email of seed.bulk) {
        await tabTo(
          page,
          (el) => el.tagName === 'INPUT' && (el as HTMLInputElement).type === 'checkbox' && !!el.closest('tbody tr'),
        );
        const rowText = await page.evaluate(() => document.activeElement?.closest('tr')?.textContent ?? '');
        expect(seed.bulk.some((e) => rowText.includes(e))).toBe(true);
        expect(email).toBeTruthy();
        await page.keyboard.press('Space');
      }
      await page.getByRole('button', { name: 'Gi kurs' }).click();
      const dialog = page.getByRole('dialog', { name: 'Gi kurs til 2 valgte elever' });
      await dialog.waitFor();
      // (The dialog belongs to the table's bulk toolbar, which a phone's list has not: this width only.)
      await checkScreen(page, 'bulk grant dialog', run.problems);
      await dialog.getByRole('combobox', { name: 'Kurs' }).click();
      await page.getByRole('option', { name: 'Temakurs' }).click();
      await dialog.getByRole('button', { name: 'Gi kurs' }).click();
      await answerReauth(page, () => page.getByText('Temakurs er gitt til 2 elever.').waitFor());
      for (const email of seed.bulk)
        await journey.sink.waitFor((m) => m.to.includes(email) && m.subject === 'Du har fått tilgang til Temakurs', 15_000);
      await check(run, 'students after the bulk grant');

      // The list's export: every matching student, as a file.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Eksporter CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^elever-\d{4}-\d{2}-\d{2}\.csv$/);
      await ctx.close();
      expect({ problems: run.problems, errors: run.errors }).toEqual({ problems: [], errors: [] });
    });
  });
});

async function expect_eventually(cond: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((res) => setTimeout(res, 100));
  }
}
