import type { BrowserContext, Page } from 'playwright-core';
import { hashPassword } from '../../../backend/src/platform/crypto/password';
import { Grant } from '../../../backend/src/access/entities/grant.entity';
import { User } from '../../../backend/src/identity/entities/user.entity';
import { uniqueEmail } from './site';
import type { BrowserJourney } from './journey';

/** A buyer's browser: its context, its page, and what went wrong on the way. */
export interface Buyer {
  ctx: BrowserContext;
  page: Page;
  /** Page errors, native dialogs (and what a spec's own checks add): a journey has none. */
  problems: string[];
}

/** A buyer's browser at this width, with Stripe's hosted page answered by a stand-in (it is not on the network in tests). */
export async function openBuyer(journey: BrowserJourney, width: number): Promise<Buyer> {
  const ctx = await journey.newContext(width);
  await ctx.route('https://checkout.stripe.test/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Stripe Checkout</h1>' }),
  );
  const page = await ctx.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  return { ctx, page, problems };
}

export interface SeededStudent {
  id: number;
  email: string;
  password: string;
}

/**
 * A signed-up student with a password, straight in the server's database: named Kari Nordmann unless
 * `named: false`, owning the given courses (granted by the mentor).
 */
export async function seedStudent(
  journey: BrowserJourney,
  label: string,
  opts: { named?: boolean; courses?: string[] } = {},
): Promise<SeededStudent> {
  const email = uniqueEmail(label);
  const password = 'hemmelig123';
  const now = new Date();
  const named = opts.named ?? true;
  const repo = journey.db.getRepository(User);
  const user = await repo.save(
    repo.create({
      email,
      passwordHash: await hashPassword(password),
      role: 'student',
      firstName: named ? 'Kari' : null,
      lastName: named ? 'Nordmann' : null,
      attribution: {},
      createdAt: now,
      updatedAt: now,
      passwordChangedAt: now,
      claimedAt: now,
    }),
  );
  for (const courseId of opts.courses ?? []) {
    await journey.db.getRepository(Grant).insert({ userId: user.id, courseId, source: 'manual', grantedAt: now });
  }
  return { id: user.id, email, password };
}

/** A student with a password and no name who owns Kryptovaluta (one module). */
export function seedKryptoStudent(journey: BrowserJourney, label: string): Promise<SeededStudent> {
  return seedStudent(journey, label, { named: false, courses: ['kryptovaluta'] });
}
