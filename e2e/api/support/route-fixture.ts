import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SessionsService } from '../../../backend/src/identity/sessions.service';
import { newToken, sha256 } from '../../../backend/src/platform/crypto/tokens';
import { AuditLog } from '../../../backend/src/platform/audit/entities/audit-log.entity';
import { CourseModule } from '../../../backend/src/catalog/entities/course-module.entity';
import { Grant } from '../../../backend/src/access/entities/grant.entity';
import { FikenPosting } from '../../../backend/src/orders/entities/fiken-posting.entity';
import { Order } from '../../../backend/src/orders/entities/order.entity';
import { Receipt } from '../../../backend/src/orders/entities/receipt.entity';
import { Lead } from '../../../backend/src/leads/entities/lead.entity';
import { OutboxMessage } from '../../../backend/src/outbox/entities/outbox-message.entity';
import { Session } from '../../../backend/src/identity/entities/session.entity';
import { User } from '../../../backend/src/identity/entities/user.entity';
import { BackgroundTasks } from '../../../backend/src/outbox/background-tasks';
import { signWebhook, stripeEvent, type FakeStripe } from './fake-stripe';
import { FAKE_VIPPS } from './fake-vipps';
import { fakeDiscordEnv } from './fake-discord';
import { fakeFikenEnv } from './fake-fiken';
import { createUser, type TestApp, uniqueEmail } from './test-app';
import type { WriteCounter } from './write-counter';

/**
 * The shared world of the route-table suites (authorisation matrix, hostile input): three
 * signed-in identities besides anonymous, and one record of every kind the routes address.
 */

export type Role = 'anonymous' | 'student' | 'otherStudent' | 'admin';
export const ROLES: readonly Role[] = ['anonymous', 'student', 'otherStudent', 'admin'];
export type SignedInRole = Exclude<Role, 'anonymous'>;

export interface Identity {
  role: SignedInRole;
  user: User;
  password: string;
}

/** What each signed-in role owns: the student Foundation, the other student Accelerator. */
// The other student owns a course that neither is nor includes Foundation (Accelerator would include it).
const COURSES_OF: Record<SignedInRole, string[]> = { student: ['foundation'], otherStudent: ['kryptovaluta'], admin: [] };

export interface Fixture {
  t: TestApp;
  fake: FakeStripe;
  id: Record<SignedInRole, Identity>;
  /** A student with a password, used to sign in through the login route. */
  loginUser: Identity;
  leadId: number;
  leadEmail: string;
  /** A published Foundation module (the student's progress uses it). */
  foundationModuleId: number;
  /** An unpublished Kryptovaluta module the admin routes edit. */
  editableModuleId: number;
  paidOrderId: number;
  /** A Stripe Checkout Session (fake) of a pending order. */
  checkoutSessionId: string;
  outboxId: number;
  auditId: number;
  /** A new identity of the role's kind (for routes that change or end the account). */
  fresh(role: SignedInRole): Promise<Identity>;
  /** A new session for the user, straight in the database: the `Cookie` header value. */
  cookieFor(user: User): Promise<string>;
  /** A paid Stripe order (fake Stripe + signed webhook). */
  paidOrder(): Promise<number>;
  /** The receipt id of a new paid order whose posting to Fiken failed (for «Prøv igjen»). */
  failedFikenPosting(): Promise<number>;
}

export async function createIdentity(t: TestApp, role: SignedInRole, email?: string): Promise<Identity> {
  const password = `passord-${role}-123`;
  const user = await createUser(t, {
    email: email ?? uniqueEmail(role === 'admin' ? 'mentor' : role === 'student' ? 'elev' : 'annen'),
    password,
    role: role === 'admin' ? 'admin' : 'student',
    courses: COURSES_OF[role],
  });
  return { role, user, password };
}

/** A session row and its cookie, as a login would make it (without spending an argon2 verify). */
export async function sessionCookie(t: TestApp, user: User): Promise<string> {
  const token = newToken();
  const now = new Date();
  await t.ds.getRepository(Session).insert({
    tokenHash: sha256(token),
    userId: user.id,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + 86400_000),
    ip: '127.0.0.1',
    userAgent: 'route-fixture',
    // A password sign-in just now (refunds, grants and revokes need a recent one).
    authenticatedAt: now,
  });
  return `${t.app.get(SessionsService).cookieName}=${token}`;
}

export async function buildFixture(t: TestApp, fake: FakeStripe): Promise<Fixture> {
  const id = {
    student: await createIdentity(t, 'student'),
    otherStudent: await createIdentity(t, 'otherStudent'),
    admin: await createIdentity(t, 'admin'),
  };
  const loginUser = await createIdentity(t, 'student');
  const adminCookie = await sessionCookie(t, id.admin.user);
  const json = { 'content-type': 'application/json' };

  const leadEmail = uniqueEmail('lead');
  const lead = await t.http().post('/api/leads').set(json).send({ email: leadEmail, courseType: 'starter', source: '/' });
  if (lead.status !== 201) throw new Error(`fixture lead: ${lead.status} ${lead.text}`);

  const modules = t.ds.getRepository(CourseModule);
  const foundationModule = await modules.findOneOrFail({
    where: { courseId: 'foundation', published: true },
    order: { position: 'ASC' },
  });
  const editable = await t
    .http()
    .post('/api/admin/modules')
    .set('Cookie', adminCookie)
    .send({ courseId: 'kryptovaluta', title: 'Redigerbar modul', published: false });
  if (editable.status !== 201) throw new Error(`fixture module: ${editable.status} ${editable.text}`);

  async function checkout(email: string): Promise<{ sessionId: string; orderId: number }> {
    const res = await t.http().post('/api/checkout/sessions').send({
      courseId: 'foundation',
      email,
      firstName: 'Kari',
      lastName: 'Nordmann',
      paymentMethod: 'card',
      acceptTerms: true,
      acceptRisk: true,
    });
    if (res.status !== 201) throw new Error(`fixture checkout: ${res.status} ${res.text}`);
    const session = fake.lastSession();
    const order = await t.ds.getRepository(Order).findOneByOrFail({ providerReference: session.id });
    return { sessionId: session.id, orderId: order.id };
  }

  async function paidOrder(): Promise<number> {
    const { sessionId, orderId } = await checkout(uniqueEmail('kjoper'));
    const session = fake.pay(sessionId);
    const signed = signWebhook(stripeEvent('checkout.session.completed', { ...session }));
    const res = await t
      .http()
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signed.signature)
      .send(signed.body);
    if (res.status !== 200) throw new Error(`fixture webhook: ${res.status} ${res.text}`);
    return orderId;
  }

  async function failedFikenPosting(): Promise<number> {
    const orderId = await paidOrder();
    const receipt = await t.ds.getRepository(Receipt).findOneByOrFail({ orderId, kind: 'receipt' });
    await t.ds
      .getRepository(FikenPosting)
      .update({ receiptId: receipt.id }, { state: 'failed', attempts: 1, lastError: 'HTTP 400: Kontoen finnes ikke' });
    return receipt.id;
  }

  const paidOrderId = await paidOrder();
  const pending = await checkout(uniqueEmail('kjoper'));

  // A welcome e-mail in the outbox, and an audit entry.
  const welcome = await t
    .http()
    .post('/api/create-user')
    .send({ email: uniqueEmail('velkommen'), courseType: 'starter', trafficSource: 'A' });
  if (welcome.status !== 200) throw new Error(`fixture create-user: ${welcome.status} ${welcome.text}`);
  await t.app.get(BackgroundTasks).settled();
  const outbox = await t.ds.getRepository(OutboxMessage).find({ order: { id: 'ASC' }, take: 1 });
  if (!outbox.length) throw new Error('fixture: no e-mail in the outbox');
  const settings = await t
    .http()
    .put('/api/admin/settings')
    .set('Cookie', adminCookie)
    .send({ videoOverlayText: 'Kommer snart' });
  if (settings.status !== 200) throw new Error(`fixture settings: ${settings.status} ${settings.text}`);
  const audit = await t.ds.getRepository(AuditLog).find({ order: { id: 'DESC' }, take: 1 });

  return {
    t,
    fake,
    id,
    loginUser,
    leadId: (lead.body as { id: number }).id,
    leadEmail,
    foundationModuleId: foundationModule.id,
    editableModuleId: (editable.body as { id: number }).id,
    paidOrderId,
    checkoutSessionId: pending.sessionId,
    outboxId: outbox[0].id,
    auditId: audit[0].id,
    fresh: (role) => createIdentity(t, role),
    cookieFor: (user) => sessionCookie(t, user),
    paidOrder,
    failedFikenPosting,
  };
}

/** A throwaway grant (for the revoke route). */
export async function throwawayGrant(t: TestApp): Promise<number> {
  const user = await createUser(t, { password: null });
  const res = await t.ds
    .getRepository(Grant)
    .insert({ userId: user.id, courseId: 'kryptovaluta', source: 'manual', grantedAt: new Date() });
  return Number(res.identifiers[0].id);
}

/** A throwaway VIP membership grant, a year from now (for the membership routes). */
export async function throwawayVipGrant(t: TestApp): Promise<number> {
  const user = await createUser(t, { password: null });
  const res = await t.ds.getRepository(Grant).insert({
    userId: user.id,
    courseId: 'vip',
    source: 'manual',
    grantedAt: new Date(),
    accessEndsAt: new Date(Date.now() + 365 * 86_400_000),
  });
  return Number(res.identifiers[0].id);
}

/** A throwaway lead of an address without an account (for the delete route). */
export async function throwawayLead(t: TestApp): Promise<number> {
  const res = await t.ds.getRepository(Lead).insert({
    email: uniqueEmail('slettes'),
    courseType: 'starter',
    source: '/',
    contacted: false,
    createdAt: new Date(),
  });
  return Number(res.identifiers[0].id);
}

/** A throwaway module (for the delete route). */
export async function throwawayModule(t: TestApp): Promise<number> {
  const repo = t.ds.getRepository(CourseModule);
  const last = await repo.findOne({ where: { courseId: 'kryptovaluta' }, order: { position: 'DESC' } });
  const now = new Date();
  const saved = await repo.save(
    repo.create({
      courseId: 'kryptovaluta',
      position: (last?.position ?? 0) + 1,
      title: 'Slettes',
      description: '',
      durationMinutes: 0,
      topics: [],
      videoId: null,
      published: false,
      createdAt: now,
      updatedAt: now,
    } as Partial<CourseModule>),
  );
  return saved.id;
}

/**
 * Every route the server has — Nest controllers and plain Fastify routes alike — as `METHOD /path`
 * (HEAD, which Fastify adds to every GET, left out), read from Fastify's route tree.
 */
export function declaredRoutes(t: TestApp): string[] {
  const fastify = t.app.getHttpAdapter().getInstance() as unknown as { printRoutes(o: { commonPrefix: boolean }): string };
  const out = new Set<string>();
  const prefixes: string[] = [];
  for (const line of fastify.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([\s│]*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const level = m[1].length / 4;
    const path = (level === 0 ? '' : prefixes[level - 1]) + m[2];
    prefixes[level] = path;
    prefixes.length = level + 1;
    for (const method of (m[3] ?? '').split(', ').filter((x) => x && x !== 'HEAD'))
      out.add(`${method} ${path.startsWith('/') ? path : `/${path}`}`);
  }
  return [...out].sort();
}

/** Waits until the app is idle (background work of earlier requests done), then starts counting writes afresh. */
export async function startCountingWrites(t: TestApp, writes: WriteCounter): Promise<void> {
  await t.app.get(BackgroundTasks).settled();
  writes.reset();
}

/** The tables written since `startCountingWrites` (committed rows, `name (rows)`), once the request's background work is done. */
export async function writtenTables(t: TestApp, writes: WriteCounter): Promise<string[]> {
  await t.app.get(BackgroundTasks).settled();
  return writes.changedTables();
}

/**
 * A built-page fixture for STATIC_ROOT: the storefront template (the app shell) and the admin
 * index, so HTML responses (and their headers) can be tested without a real build.
 */
export function staticRootFixture(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'ta-pages-'));
  mkdirSync(join(dir, 'frontend', 'dist', 'client', 'assets'), { recursive: true });
  mkdirSync(join(dir, 'admin', 'dist'), { recursive: true });
  writeFileSync(
    join(dir, 'frontend', 'dist', 'client', 'index.html'),
    '<!doctype html><html lang="nb"><head><meta charset="utf-8"><!--app-head--><script type="module" src="/assets/app.js"></script></head>' +
      '<body><div id="root"><!--app-html--></div><!--app-state--></body></html>',
  );
  writeFileSync(join(dir, 'frontend', 'dist', 'client', 'assets', 'app.js'), 'console.log("app");\n');
  writeFileSync(
    join(dir, 'admin', 'dist', 'index.html'),
    '<!doctype html><html lang="nb"><head><meta charset="utf-8"><title>Admin</title></head><body><div id="root"></div></body></html>',
  );
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The secrets of the operator's endpoints in the route-table suites: the metrics token, the bounce webhook's basic auth. */
export const OPS_SECRETS = {
  metricsToken: 'maaletoken-rutetabell-0123456789',
  postmarkUser: 'postmark',
  postmarkPassword: 'webhook-passord-rutetabell-0123',
};

/** The test app's environment for the route-table suites. */
export function routeSuiteEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    MAIL_POLL_INTERVAL_MS: '0',
    PASSWORD_RESET_LIMIT_PER_IP: '1000000',
    PASSWORD_RESET_LIMIT_PER_ADDRESS: '1000000',
    // The metrics and the bounce webhook open (each answers only its own credentials).
    METRICS_TOKEN: OPS_SECRETS.metricsToken,
    POSTMARK_WEBHOOK_USER: OPS_SECRETS.postmarkUser,
    POSTMARK_WEBHOOK_PASSWORD: OPS_SECRETS.postmarkPassword,
    // Vipps set up (its webhook answers); no call reaches Vipps in these suites.
    VIPPS_CLIENT_ID: FAKE_VIPPS.clientId,
    VIPPS_CLIENT_SECRET: FAKE_VIPPS.clientSecret,
    VIPPS_SUBSCRIPTION_KEY: FAKE_VIPPS.subscriptionKey,
    VIPPS_MSN: FAKE_VIPPS.msn,
    VIPPS_WEBHOOK_SECRET: FAKE_VIPPS.webhookSecret,
    VIPPS_API_BASE: 'http://127.0.0.1:9',
    // Discord set up (its routes answer); its calls go to a closed port and fail as when Discord is down.
    ...fakeDiscordEnv('http://127.0.0.1:9'),
    // «Logg inn med Vipps» set up; Vipps' address is a closed port, so the start answers «Vipps svarer ikke».
    VIPPS_LOGIN_CLIENT_ID: 'rutetabell-vipps-login',
    VIPPS_LOGIN_CLIENT_SECRET: 'rutetabell-vipps-login-hemmelighet',
    VIPPS_LOGIN_API_BASE: 'http://127.0.0.1:9',
    // Fiken set up (documents are queued, retry and backfill answer); nothing is posted in these suites.
    ...fakeFikenEnv('http://127.0.0.1:9/api/v2'),
    // Chart images of the mentor inbox's routes go to a folder of the machine's temporary files.
    UPLOAD_DIR: join(tmpdir(), 'academy-route-suite-uploads'),
    ...extra,
  };
}
