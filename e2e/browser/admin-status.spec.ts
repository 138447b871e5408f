/**
 * «Driftsstatus» in the admin panel (docs/decisions.md "Going live"), at 1366 px, each screen also
 * rendered at 390 px, with axe (WCAG 2.1 A and AA) and no sideways scrolling: the doctor's checks by
 * area, each with its status in words, what it means, who fixes it and how, the technical sentence
 * behind «Detaljer»; Stripe (the fake) has no webhook for the site, so that check is an error until
 * one is added and «Kjør sjekkene» runs them again.
 *
 * Needs the production builds: `npm run build` (contracts, frontend, admin, backend).
 */
import { ADMIN, atOtherWidth, checkScreen, useBrowserJourney } from './support/journey';
import { PANEL_DEVICES, useSignedInPanel } from './support/admin';
import { STRIPE_WEBHOOK_EVENTS } from '../../backend/src/orders/stripe/stripe-webhook.service';

jest.setTimeout(120_000);

describe('admin panel: «Driftsstatus»', () => {
  const journey = useBrowserJourney({ fakes: { stripe: true, discord: true } });

  describe('on a computer (1366 px), each screen also on a phone', () => {
    const device = PANEL_DEVICES[0];
    const run = useSignedInPanel(journey, device, ADMIN);

    it('shows every area’s checks with their status in words and what to do', async () => {
      const { page } = run;
      await page.goto('/admin/settings');
      await page.getByRole('menuitem', { name: 'Driftsstatus' }).click();
      await page.waitForURL(/\/admin\/status$/);
      await page.getByRole('heading', { name: 'Driftsstatus', level: 2 }).waitFor();
      const webhook = page.locator('[data-check="stripe.webhook"]');
      await webhook.waitFor({ timeout: 30_000 });
      // The page shows the last run (the first, at the start): run them now, with no webhook in Stripe.
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/admin/status/run'));
      await page.getByRole('button', { name: 'Kjør sjekkene' }).click();
      expect((await answer).status()).toBe(200);
      await page.getByRole('button', { name: 'Kjør sjekkene' }).waitFor();
      await webhook.locator('[data-status="error"]', { hasText: 'Feil' }).waitFor();
      // In plain words: what it means, who fixes it and how; the technical sentence behind «Detaljer».
      expect(await webhook.getByTestId('status-meaning').textContent()).toMatch(/kjøpere får ikke tilgang/);
      expect(await webhook.getByTestId('status-fix').textContent()).toMatch(/^Hvem fikser det: Driftsansvarlig\. Slik: /);
      const details = webhook.getByRole('button', { name: /Detaljer/ });
      const detail = webhook.getByTestId('status-detail');
      expect(await details.getAttribute('aria-expanded')).toBe('false');
      expect(await detail.isVisible()).toBe(false);
      await details.click();
      expect(await details.getAttribute('aria-expanded')).toBe('true');
      expect(await detail.getAttribute('id')).toBe(await details.getAttribute('aria-controls'));
      await detail.waitFor();
      expect(await detail.textContent()).toMatch(
        /Ingen webhook i Stripe går til http:\/\/127\.0\.0\.1:\d+\/api\/stripe\/webhook/,
      );
      await page.locator('[data-check="discord.roles"] [data-status="ok"]', { hasText: 'OK' }).waitFor();
      await page.locator('[data-check="vipps.token"] [data-status="off"]', { hasText: 'Av' }).waitFor();
      for (const area of ['Nettstedet', 'Stripe', 'Vipps', 'Discord', 'Mux', 'E-post', 'Sikkerhetskopier', 'Køer'])
        await page.getByRole('heading', { name: area, level: 3 }).waitFor();
      await page
        .getByRole('alert')
        .filter({ hasText: /sjekk(er)? feilet/ })
        .waitFor();
      await checkScreen(page, `Driftsstatus (${device.width})`, run.problems);
      await atOtherWidth(page, `Driftsstatus (${device.width})`, run.problems);
      await page.screenshot({ path: `/tmp/driftsstatus-${device.width}.png`, fullPage: true });
    });

    it('«Kjør sjekkene» runs them again: a fixed webhook turns ok', async () => {
      const { page } = run;
      const before = await page.getByTestId('status-ran-at').textContent();
      journey.stripe.addWebhookEndpoint(`${journey.server.url}/api/stripe/webhook`, STRIPE_WEBHOOK_EVENTS);
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/admin/status/run'));
      await page.getByRole('button', { name: 'Kjør sjekkene' }).click();
      expect((await answer).status()).toBe(200);
      await page.locator('[data-check="stripe.webhook"] [data-status="ok"]').waitFor();
      await page.getByRole('button', { name: 'Kjør sjekkene' }).waitFor();
      expect(await page.getByTestId('status-ran-at').textContent()).not.toBe('');
      expect(before).toMatch(/^Sist kjørt \d/);
      await checkScreen(page, `Driftsstatus after a run (${device.width})`, run.problems);
      await atOtherWidth(page, `Driftsstatus after a run (${device.width})`, run.problems);
      journey.stripe.webhookEndpoints.length = 0;
    });
  });
});
