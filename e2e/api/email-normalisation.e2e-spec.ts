import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BackgroundTasks } from '../../backend/src/outbox/background-tasks';
import { buildDataSourceOptions } from '../../backend/src/platform/database/data-source-options';
import { runMigrations } from '../../backend/src/platform/database/migrate';
import { AuditLog } from '../../backend/src/platform/audit/entities/audit-log.entity';
import { Lead } from '../../backend/src/leads/entities/lead.entity';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { OutboxMessage } from '../../backend/src/outbox/entities/outbox-message.entity';
import { User } from '../../backend/src/identity/entities/user.entity';
import { createTestDatabase } from './support/test-database';
import { createUser, startTestApp, TestApp } from './support/test-app';

const INVALID_EMAIL = 'Skriv inn en gyldig e-postadresse';
const PASSWORD = 'riktig-passord-42';

/** A JSON POST from one client address (the socket's address: no proxy involved). */
async function postFrom(t: TestApp, remoteAddress: string, url: string, payload: Record<string, unknown>) {
  const res = await t.app
    .getHttpAdapter()
    .getInstance()
    .inject({ method: 'POST', url, payload, remoteAddress, headers: { 'content-type': 'application/json' } });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

describe('one spelling per address: sign-in, sign-up, leads and checkout reach the right single account', () => {
  let t: TestApp;
  let ola: User;
  let strasse: User;
  beforeAll(async () => {
    t = await startTestApp();
    ola = await createUser(t, { email: 'ola@gmail.com', password: PASSWORD });
    strasse = await createUser(t, { email: 'strasse@example.no', password: PASSWORD });
  });
  afterAll(() => t.close());

  const login = (email: string, password = PASSWORD) => t.http().post('/api/auth/login').send({ email, password });

  it('signs in to the account with any case or full-width spelling of its address', async () => {
    for (const email of ['ola@gmail.com', 'OLA@GMAIL.COM', ' Ola@Gmail.Com ', 'ｏｌａ@gmail.com', 'ＯＬＡ＠ＧＭＡＩＬ．ＣＯＭ']) {
      const res = await login(email);
      expect({ email, status: res.status }).toEqual({ email, status: 200 });
      expect(res.body.user).toMatchObject({ id: ola.id, email: 'ola@gmail.com' });
    }
  });

  it('another domain (gmäil.com) or ß for ss is another address: the right password of ola@gmail.com does not open it', async () => {
    for (const email of ['ola@gmäil.com', 'OLA@GMÄIL.COM', 'ola@xn--gmil-moa.com']) {
      const res = await login(email);
      expect({ email, status: res.status }).toEqual({ email, status: 401 });
    }
    expect((await login('straße@example.no')).status).toBe(401);
    expect((await login('STRASSE@example.no')).status).toBe(200);
  });

  it('sign-up with another spelling of a known address reaches that account; gmäil.com makes its own account', async () => {
    const before = await t.ds.getRepository(User).count();
    await t
      .http()
      .post('/api/create-user')
      .send({ email: 'ＯＬＡ@GMAIL.com', courseType: 'starter', trafficSource: 'A' })
      .expect(200);
    expect(await t.ds.getRepository(User).count()).toBe(before);

    await t
      .http()
      .post('/api/create-user')
      .send({ email: 'ola@gmäil.com', courseType: 'starter', trafficSource: 'A' })
      .expect(200);
    const other = await t.ds.getRepository(User).findOneByOrFail({ email: 'ola@xn--gmil-moa.com' });
    expect(other.id).not.toBe(ola.id);

    await t
      .http()
      .post('/api/create-user')
      .send({ email: 'straße@example.no', courseType: 'starter', trafficSource: 'A' })
      .expect(200);
    const sharp = await t.ds.getRepository(User).findOneByOrFail({ email: 'straße@example.no' });
    expect(sharp.id).not.toBe(strasse.id);
    expect(await t.ds.getRepository(User).count()).toBe(before + 2);
  });

  it('a lead is stored normalised and linked only to the account of that very address (JSON and the no-JS form)', async () => {
    await t.http().post('/api/leads').send({ email: 'ＯＬＡ@GMAIL.COM', courseType: 'starter', source: '/' }).expect(201);
    await t
      .http()
      .post('/')
      .type('form')
      .send({ 'form-name': 'lead-capture', email: 'Ola@Gmail.Com', 'course-type': 'starter', source: '/' })
      .expect(303);
    await t.http().post('/api/leads').send({ email: 'kari@gmäil.com', courseType: 'starter', source: '/' }).expect(201);
    const leads = await t.ds.getRepository(Lead).find({ order: { id: 'DESC' }, take: 3 });
    expect(leads.map((l) => [l.email, l.userId])).toEqual([
      ['kari@xn--gmil-moa.com', null],
      ['ola@gmail.com', ola.id],
      ['ola@gmail.com', ola.id],
    ]);
    // ola@gmäil.com is another address than ola@gmail.com: its lead is not ola@gmail.com's.
    const ownAccount = await t.ds.getRepository(User).findOneBy({ email: 'ola@xn--gmil-moa.com' });
    await t.http().post('/api/leads').send({ email: 'OLA@gmäil.com', courseType: 'starter', source: '/' }).expect(201);
    const last = await t.ds.getRepository(Lead).findOneOrFail({ where: {}, order: { id: 'DESC' } });
    expect(last.email).toBe('ola@xn--gmil-moa.com');
    expect(last.userId).not.toBe(ola.id);
    expect(last.userId).toBe(ownAccount?.id ?? null);
  });

  it('checkout stores the normalised address and buys for the account of that address only', async () => {
    const order = (email: string) =>
      t.http().post('/api/checkout/sessions').send({
        courseId: 'foundation',
        email,
        firstName: 'Ola',
        lastName: 'Nordmann',
        paymentMethod: 'card',
        acceptTerms: true,
        acceptRisk: true,
      });
    await order('ｏｌａ@ＧＭＡＩＬ.com').expect(201);
    await order('per@gmäil.com').expect(201);
    const rows = await t.ds.getRepository(Order).find({ order: { id: 'ASC' } });
    expect(rows.map((o) => [o.email, o.userId === ola.id])).toEqual([
      ['ola@gmail.com', true],
      ['per@xn--gmil-moa.com', false],
    ]);
  });

  it('forgot password with another spelling mails the account at its stored address', async () => {
    await t.http().post('/api/auth/forgot-password').send({ email: 'ＯＬＡ@gmail.com' }).expect(200);
    await t.app.get(BackgroundTasks).settled();
    const mails = await t.ds.getRepository(OutboxMessage).findBy({ userId: ola.id, kind: 'password_reset' });
    expect(mails.map((m) => m.toAddress)).toEqual(['ola@gmail.com']);
  });

  it('rejects what cannot be normalised with the invalid e-mail message', async () => {
    for (const email of [
      'ola@xn--zz.com',
      'ola@gmail..com',
      'ola@-gmail.com',
      'o\u200Bla@gmail.com',
      `${'a'.repeat(60)}@${'日本語の例です漢字テスト日本語の例.'.repeat(4)}no`,
    ]) {
      const lead = await t.http().post('/api/leads').send({ email, courseType: 'starter', source: '/' });
      expect({ email, status: lead.status, message: lead.body.message }).toEqual({ email, status: 400, message: INVALID_EMAIL });
      const signUp = await t.http().post('/api/create-user').send({ email, courseType: 'starter', trafficSource: 'A' });
      expect({ email, status: signUp.status, message: signUp.body.message }).toEqual({
        email,
        status: 400,
        message: INVALID_EMAIL,
      });
    }
  });
});

describe('limits count per account across spellings, and per /64 for IPv6 clients', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      RATE_LIMIT_LOGIN: '3',
      RATE_LIMIT_WINDOW_SECONDS: '60',
      PASSWORD_RESET_LIMIT_PER_ADDRESS: '2',
      PASSWORD_RESET_LIMIT_PER_IP: '3',
    });
  });
  afterAll(() => t.close());

  it('wrong passwords under different spellings, from different clients, all count against the one account', async () => {
    const user = await createUser(t, { email: 'kari@gmail.com', password: PASSWORD });
    const tries = ['kari@gmail.com', 'ｋａｒｉ@gmail.com', 'Ｋａｒｉ@ｇｍａｉｌ.com'];
    const statuses: number[] = [];
    for (const [i, email] of tries.entries())
      statuses.push((await postFrom(t, `198.51.100.${i + 1}`, '/api/auth/login', { email, password: 'feil' })).status);
    expect(statuses).toEqual([401, 401, 401]);
    // A fourth spelling, the right password, a fresh client: the account is blocked.
    const blocked = await postFrom(t, '198.51.100.9', '/api/auth/login', { email: 'ＫＡＲＩ@GMAIL.COM', password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ statusCode: 429, code: 'TOO_MANY_REQUESTS' });
    // Another address (gmäil.com is another domain) is not blocked by it.
    await createUser(t, { email: 'kari@xn--gmil-moa.com', password: PASSWORD });
    expect((await postFrom(t, '198.51.100.10', '/api/auth/login', { email: 'kari@gmäil.com', password: PASSWORD })).status).toBe(
      200,
    );
    expect(user.id).toBeGreaterThan(0);
  });

  it('IPv6 clients in one /64 share the login limit; the next /64 does not', async () => {
    const statuses: number[] = [];
    for (const ip of ['2001:db8:1:2::a', '2001:db8:1:2:ffff:ffff:ffff:b', '2001:DB8:1:2:0:0:0:c', '2001:db8:1:2::d'])
      statuses.push(
        (await postFrom(t, ip, '/api/auth/login', { email: `ukjent-${statuses.length}@example.no`, password: 'x' })).status,
      );
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(
      (await postFrom(t, '2001:db8:1:3::a', '/api/auth/login', { email: 'ukjent-9@example.no', password: 'x' })).status,
    ).toBe(401);
  });

  it('forgot password: every spelling counts against the one address, and IPv6 clients count per /64', async () => {
    await createUser(t, { email: 'lise@gmail.com', password: PASSWORD });
    expect((await postFrom(t, '203.0.113.1', '/api/auth/forgot-password', { email: 'lise@gmail.com' })).status).toBe(200);
    expect((await postFrom(t, '203.0.113.2', '/api/auth/forgot-password', { email: 'ＬＩＳＥ@gmail.com' })).status).toBe(200);
    expect((await postFrom(t, '203.0.113.3', '/api/auth/forgot-password', { email: 'ｌｉｓｅ@ＧＭＡＩＬ.ＣＯＭ' })).status).toBe(
      429,
    );
    // Unknown addresses count alike.
    expect((await postFrom(t, '203.0.113.4', '/api/auth/forgot-password', { email: 'ingen@gmail.com' })).status).toBe(200);
    expect((await postFrom(t, '203.0.113.5', '/api/auth/forgot-password', { email: 'INGEN@gmail.com' })).status).toBe(200);
    expect((await postFrom(t, '203.0.113.6', '/api/auth/forgot-password', { email: 'ｉｎｇｅｎ@gmail.com' })).status).toBe(429);

    const statuses: number[] = [];
    for (const ip of ['2001:db8:9:9::1', '2001:db8:9:9::2', '2001:db8:9:9::3', '2001:db8:9:9::4'])
      statuses.push((await postFrom(t, ip, '/api/auth/forgot-password', { email: `ny-${statuses.length}@example.no` })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('the migration to normalised addresses', () => {
  const OWN = 1795400200000;
  const timestampOf = (m: unknown) => Number(/(\d{13})$/.exec((m as { name: string }).name)?.[1]);

  it('rewrites stored addresses, keeps every account, and reports accounts that collapse onto another', async () => {
    const db = await createTestDatabase();
    const options = buildDataSourceOptions({ databaseUrl: db.url });
    const all = options.migrations as Function[];
    expect(all.map(timestampOf)).toContain(OWN);
    const older = new DataSource({ ...options, migrations: all.filter((m) => timestampOf(m) < OWN) } as typeof options);
    await older.initialize();
    const q = (n: string) => (db.dialect === 'mysql' ? `\`${n}\`` : `"${n}"`);
    const ts = (s: string) => `2020-01-01 00:00:${s}.000`;
    try {
      await older.runMigrations();
      // Rows as earlier versions stored them: trimmed and lower-cased only, or typed straight in.
      const users: Array<[string, string]> = [
        ['𝐨𝐥𝐚@example.no', '01'], // oldest of its group: takes ola@example.no
        ['OLA@EXAMPLE.NO', '02'], // same address: kept as it was, reported
        ['kari@bücher.example', '03'], // older, but the next one already holds the normalised spelling
        ['kari@xn--bcher-kva.example', '04'],
        ['Per@Example.NO', '05'],
        ['ikke-en-adresse', '06'],
      ];
      for (const [email, s] of users)
        await older.query(
          `INSERT INTO ${q('users')} (${q('email')}, ${q('role')}, ${q('createdAt')}, ${q('updatedAt')}) VALUES (?, 'student', ?, ?)`,
          [email, ts(s), ts(s)],
        );
      await older.query(
        `INSERT INTO ${q('leads')} (${q('email')}, ${q('courseType')}, ${q('source')}, ${q('contacted')}, ${q('createdAt')}) VALUES (?, 'starter', '/', 0, ?)`,
        ['ＬＥＡＤ@Example.no', ts('07')],
      );
      const orderColumns = [
        'email',
        'firstName',
        'lastName',
        'courseId',
        'amountOre',
        'paymentMethod',
        'provider',
        'createdAt',
        'updatedAt',
      ];
      await older.query(
        `INSERT INTO ${q('orders')} (${orderColumns.map(q).join(', ')}) VALUES (?, 'K', 'N', 'foundation', 100, 'card', 'demo', ?, ?)`,
        ['Kjøper@GMÄIL.com', ts('08'), ts('08')],
      );
      await older.query(
        `INSERT INTO ${q('outbox')} (${['kind', 'toAddress', 'subject', 'html', 'textBody', 'nextAttemptAt', 'createdAt'].map(q).join(', ')}) VALUES ('welcome', ?, 's', 'h', 't', ?, ?)`,
        ['Per@Example.NO', ts('09'), ts('09')],
      );
    } finally {
      await older.destroy();
    }

    const warnings: string[] = [];
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation((m: unknown) => void warnings.push(String(m)));
    const ds = await new DataSource(options).initialize();
    try {
      await runMigrations(ds);
      const users = await ds.getRepository(User).find({ order: { id: 'ASC' } });
      expect(users.map((u) => u.email)).toEqual([
        'ola@example.no',
        'OLA@EXAMPLE.NO',
        'kari@bücher.example',
        'kari@xn--bcher-kva.example',
        'per@example.no',
        'ikke-en-adresse',
      ]);
      const [ola, olaDup, kariDup, kari] = users;
      expect((await ds.getRepository(Lead).find()).map((l) => l.email)).toEqual(['lead@example.no']);
      expect((await ds.getRepository(Order).find()).map((o) => o.email)).toEqual(['kjøper@xn--gmil-moa.com']);
      expect((await ds.getRepository(OutboxMessage).find()).map((m) => m.toAddress)).toEqual(['per@example.no']);

      const audit = await ds
        .getRepository(AuditLog)
        .find({ where: { action: 'user.email-duplicate' }, order: { entityId: 'ASC' } });
      expect(audit.map((a) => [a.entity, a.entityId, a.actorId, a.after])).toEqual([
        ['user', String(olaDup.id), null, { email: 'OLA@EXAMPLE.NO', normalisedEmail: 'ola@example.no', heldByUserId: ola.id }],
        [
          'user',
          String(kariDup.id),
          null,
          { email: 'kari@bücher.example', normalisedEmail: 'kari@xn--bcher-kva.example', heldByUserId: kari.id },
        ],
      ]);
      const report = warnings.find((w) => w.includes('equal after normalisation'));
      expect(report).toContain(String(olaDup.id));
      expect(report).toContain(String(kariDup.id));
      expect(report).not.toContain('OLA@EXAMPLE.NO');
      expect(warnings.some((w) => w.includes(`users ${users[5].id}`))).toBe(true);
    } finally {
      warn.mockRestore();
      await ds.destroy();
      await db.drop();
    }
  });
});
