/**
 * «VIP-abonnement» in the admin panel (issue 39; docs/decisions.md "Memberships"), at 1366 px, each
 * screen also rendered at 390 px, with axe (WCAG 2.1 A and AA) and no sideways scrolling: the student's page shows the
 * automatic renewal (method, status, next charge, price, failed attempts), «Stopp fornyelse» asks
 * first and then tells Stripe (the fake), and the overview counts the renewals.
 *
 * Needs the production builds: `npm run build` (contracts, frontend, admin, backend).
 */
import { User } from '../../backend/src/identity/entities/user.entity';
import { Subscription } from '../../backend/src/orders/entities/subscription.entity';
import { ADMIN, atOtherWidth, checkScreen, useBrowserJourney } from './support/journey';
import { PANEL_DEVICES, useSignedInPanel } from './support/admin';
import { uniqueEmail } from './support/site';

jest.setTimeout(120_000);

const DAY = 86_400_000;

describe('admin panel: «VIP-abonnement» and «Stopp fornyelse»', () => {
  const journey = useBrowserJourney({ fakes: { stripe: true }, db: true });

  /** A student whose VIP renews by card in 20 days (one failed charge behind it), straight in the database. */
  async function renewingStudent(orderId: number): Promise<{ userId: number; subId: number; stripeId: string }> {
    const now = new Date();
    const users = journey.db.getRepository(User);
    const user = await users.save(
      users.create({
        email: uniqueEmail('vipabonnent'),
        passwordHash: null,
        role: 'student',
        firstName: 'Kari',
        lastName: 'Nordmann',
        attribution: {},
        createdAt: now,
        updatedAt: now,
      }),
    );
    const stripeSub = journey.stripe.addSubscription(500000);
    const subs = journey.db.getRepository(Subscription);
    const sub = await subs.save(
      subs.create({
        userId: user.id,
        productId: 'vip',
        method: 'card',
        status: 'active',
        orderId,
        providerCustomerId: stripeSub.customer as string,
        providerSubscriptionId: stripeSub.id,
        priceOre: 500000,
        currentPeriodEnd: new Date(now.getTime() + 20 * DAY),
        cancelAtPeriodEnd: false,
        failedAttempts: 1,
        graceEndsAt: null,
        endedAt: null,
        createdAt: now,
        updatedAt: now,
      }),
    );
    return { userId: user.id, subId: sub.id, stripeId: stripeSub.id };
  }

  describe('on a computer (1366 px), each screen also on a phone', () => {
    const device = PANEL_DEVICES[0];
    const run = useSignedInPanel(journey, device, ADMIN);

    it('the student page shows the subscription; «Stopp fornyelse» asks, then Stripe is told and the page says so', async () => {
      const { page } = run;
      const { userId, subId, stripeId } = await renewingStudent(900_000 + device.width);
      await page.goto(`/admin/users/${userId}/show`);
      const panel = page.getByTestId('subscription-panel');
      await panel.waitFor();
      const text = (await panel.textContent())!.replace(/\s+/g, ' ');
      expect(text).toMatch(/Kort \(Stripe\)/);
      expect(text).toMatch(/Aktiv/);
      expect(text).toMatch(/5\s000/);
      expect(text).toMatch(/Mislykkede trekk\s*1/);
      await page.getByText('VIP-abonnement', { exact: true }).waitFor();
      await checkScreen(page, `VIP-abonnement (${device.width})`, run.problems);
      await atOtherWidth(page, `VIP-abonnement (${device.width})`, run.problems);
      await page.screenshot({ path: `/tmp/vip-abonnement-${device.width}.png`, fullPage: true });

      await panel.getByRole('button', { name: 'Stopp fornyelse' }).click();
      const dialog = page.getByRole('dialog', { name: 'Stoppe den automatiske fornyelsen?' });
      await dialog.waitFor();
      await checkScreen(page, `Stopp fornyelse, confirmation (${device.width})`, run.problems);
      await atOtherWidth(page, `Stopp fornyelse, confirmation (${device.width})`, run.problems);
      await page.screenshot({ path: `/tmp/vip-abonnement-dialog-${device.width}.png` });
      const answer = page.waitForResponse((r) => r.url().endsWith(`/api/admin/users/${userId}/subscription/stop-renewal`));
      await dialog.getByRole('button', { name: 'Stopp fornyelse' }).click();
      expect((await answer).status()).toBe(200);
      await page.getByText('Fornyelsen er stoppet. Eleven har fått e-post.').waitFor();
      await panel.getByText('Fornyes ikke').waitFor();
      expect(await panel.getByRole('button', { name: 'Stopp fornyelse' }).count()).toBe(0);
      expect(journey.stripe.subscriptions.get(stripeId)!.cancel_at_period_end).toBe(true);
      expect(await journey.db.getRepository(Subscription).findOneByOrFail({ id: subId })).toMatchObject({
        cancelAtPeriodEnd: true,
      });
    });

    it('the overview counts the renewals as they stand now', async () => {
      const { page } = run;
      await renewingStudent(910_000 + device.width);
      await page.goto('/admin');
      const card = page.locator('section', { has: page.getByRole('heading', { name: 'VIP-tall nå' }) });
      await card.waitFor();
      const renewing = Number(await page.getByTestId('vip-renewing-alle').textContent());
      const due = Number((await page.getByTestId('vip-due30-alle').textContent())!.split(' · ')[0]);
      expect(renewing).toBeGreaterThanOrEqual(1);
      expect(due).toBeGreaterThanOrEqual(1);
      expect(await page.getByTestId('vip-churn30-alle').textContent()).toBe('0 % (0)');
      await checkScreen(page, `Overview with renewals (${device.width})`, run.problems);
      await atOtherWidth(page, `Overview with renewals (${device.width})`, run.problems);
      await card.screenshot({ path: `/tmp/vip-oversikt-${device.width}.png` });
    });
  });
});
