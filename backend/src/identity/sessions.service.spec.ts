import { DataSource, type Repository } from 'typeorm';
import { openMemoryDatabase } from '../platform/database/testing/memory-database';
import { parseEnv } from '../platform/config/env.schema';
import { sha256 } from '../platform/crypto/tokens';
import type { SessionClient } from './auth.types';
import { Session } from './entities/session.entity';
import { User } from './entities/user.entity';
import { ADMIN_SESSION_IDLE_MS, SessionsService } from './sessions.service';

const browser = (token: string | null = null): SessionClient => ({ token, clientAddress: '203.0.113.7', userAgent: 'Spec/1.0' });

describe('SessionsService (plain values, no request)', () => {
  let ds: DataSource;
  let rows: Repository<Session>;
  let sessions: SessionsService;
  let seq = 0;

  beforeAll(async () => {
    ds = await openMemoryDatabase();
    rows = ds.getRepository(Session);
    // Members: a day idle, 30 days at most; admins are capped lower by the service.
    const cfg = parseEnv({ NODE_ENV: 'test', SESSION_IDLE_MINUTES: String(60 * 24), SESSION_ABSOLUTE_DAYS: '30' });
    sessions = new SessionsService(rows, ds.getRepository(User), cfg);
  });
  afterAll(() => ds.destroy());

  async function user(role: 'student' | 'admin' = 'student'): Promise<User> {
    const now = new Date();
    const repo = ds.getRepository(User);
    return repo.save(
      repo.create({
        email: `okt-${++seq}@example.no`,
        passwordHash: null,
        role,
        firstName: null,
        lastName: null,
        attribution: {},
        createdAt: now,
        updatedAt: now,
        passwordChangedAt: null,
        claimedAt: null,
      }),
    );
  }

  /** Moves a session's clock back, as if `ms` had passed. */
  async function age(token: string, ms: number, fields: Array<'createdAt' | 'lastSeenAt' | 'expiresAt'>): Promise<void> {
    const row = await rows.findOneByOrFail({ tokenHash: sha256(token) });
    const patch: Partial<Session> = {};
    for (const f of fields) patch[f] = new Date(row[f].getTime() - ms);
    await rows.update({ tokenHash: row.tokenHash }, patch);
  }

  it('start answers a token for the cookie and stores only its hash, with the client and lifetime', async () => {
    const u = await user();
    const started = await sessions.start(u, browser(), { authenticated: true });
    expect(started.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(started.maxAgeSeconds).toBe(30 * 86400);
    expect(await rows.countBy({ tokenHash: started.token })).toBe(0);
    const row = await rows.findOneByOrFail({ tokenHash: sha256(started.token) });
    expect(row).toMatchObject({ userId: u.id, ip: '203.0.113.7', userAgent: 'Spec/1.0' });
    expect(row.authenticatedAt).toBeInstanceOf(Date);
    expect(started.auth).toMatchObject({ sessionHash: row.tokenHash, user: { id: u.id } });
    expect((await sessions.resolve(started.token))?.user.id).toBe(u.id);
  });

  it('a session opened by a link is not an authentication', async () => {
    const started = await sessions.start(await user(), browser());
    expect(started.auth.authenticatedAt).toBeNull();
    expect((await sessions.resolve(started.token))?.authenticatedAt).toBeNull();
  });

  it('rotation: a new session ends the one the browser had', async () => {
    const u = await user();
    const first = await sessions.start(u, browser());
    const second = await sessions.start(u, browser(first.token));
    expect(second.token).not.toBe(first.token);
    expect(await sessions.resolve(first.token)).toBeNull();
    expect(await rows.countBy({ tokenHash: sha256(first.token) })).toBe(0);
    expect((await sessions.resolve(second.token))?.user.id).toBe(u.id);
  });

  it('an idle session expires and is deleted', async () => {
    const idleMs = 60 * 24 * 60_000;
    const fresh = await sessions.start(await user(), browser());
    const idle = await sessions.start(await user(), browser());
    await age(fresh.token, idleMs - 5_000, ['lastSeenAt']);
    await age(idle.token, idleMs + 5_000, ['lastSeenAt']);
    expect(await sessions.resolve(fresh.token)).not.toBeNull();
    expect(await sessions.resolve(idle.token)).toBeNull();
    expect(await rows.countBy({ tokenHash: sha256(idle.token) })).toBe(0);
  });

  it('the absolute lifetime ends a session however active it is', async () => {
    const started = await sessions.start(await user(), browser());
    await age(started.token, 30 * 86400_000 + 1_000, ['createdAt']);
    expect(await sessions.resolve(started.token)).toBeNull();
    const other = await sessions.start(await user(), browser());
    await age(other.token, 30 * 86400_000 + 1_000, ['expiresAt']);
    expect(await sessions.resolve(other.token)).toBeNull();
  });

  it('admins get at most 12 hours idle whatever the members get', async () => {
    const admin = await sessions.start(await user('admin'), browser());
    const student = await sessions.start(await user(), browser());
    await age(admin.token, ADMIN_SESSION_IDLE_MS + 1_000, ['lastSeenAt']);
    await age(student.token, ADMIN_SESSION_IDLE_MS + 1_000, ['lastSeenAt']);
    expect(await sessions.resolve(admin.token)).toBeNull();
    expect(await sessions.resolve(student.token)).not.toBeNull();
    expect(admin.maxAgeSeconds).toBe(7 * 86400);
  });

  it('an active session is touched at most once a minute', async () => {
    const started = await sessions.start(await user(), browser());
    const hash = sha256(started.token);
    const created = (await rows.findOneByOrFail({ tokenHash: hash })).lastSeenAt.getTime();
    await sessions.resolve(started.token);
    expect((await rows.findOneByOrFail({ tokenHash: hash })).lastSeenAt.getTime()).toBe(created);
    await age(started.token, 61_000, ['lastSeenAt']);
    await sessions.resolve(started.token);
    expect((await rows.findOneByOrFail({ tokenHash: hash })).lastSeenAt.getTime()).toBeGreaterThanOrEqual(created);
  });

  it('end signs out one token; malformed or missing tokens are no session', async () => {
    const u = await user();
    const a = await sessions.start(u, browser());
    const b = await sessions.start(u, browser());
    await sessions.end(a.token);
    expect(await sessions.resolve(a.token)).toBeNull();
    expect(await sessions.resolve(b.token)).not.toBeNull();
    await expect(sessions.end(null)).resolves.toBeUndefined();
    expect(await sessions.resolve(null)).toBeNull();
    expect(await sessions.resolve('kort')).toBeNull();
    expect(await sessions.resolve('x'.repeat(129))).toBeNull();
  });

  it('endOthers keeps only the given session; endAll ends every one', async () => {
    const u = await user();
    const keep = await sessions.start(u, browser());
    const other = await sessions.start(u, browser());
    await sessions.endOthers(u.id, keep.auth.sessionHash);
    expect(await sessions.resolve(other.token)).toBeNull();
    expect(await sessions.resolve(keep.token)).not.toBeNull();
    await sessions.endAll(u.id);
    expect(await sessions.resolve(keep.token)).toBeNull();
  });

  it('markAuthenticated records a re-authentication on the session', async () => {
    const started = await sessions.start(await user(), browser());
    const at = new Date(Date.now() - 1_000);
    await sessions.markAuthenticated(started.auth, at);
    expect(started.auth.authenticatedAt).toBe(at);
    expect((await sessions.resolve(started.token))?.authenticatedAt?.getTime()).toBe(at.getTime());
  });
});
