import { In } from 'typeorm';
import { LoginTokensService } from '../../backend/src/identity/login-tokens.service';
import { AuditLog } from '../../backend/src/platform/audit/entities/audit-log.entity';
import { CourseModule } from '../../backend/src/catalog/entities/course-module.entity';
import { Grant } from '../../backend/src/access/entities/grant.entity';
import { LeadAddress } from '../../backend/src/leads/entities/lead-address.entity';
import { LeadStatisticsService } from '../../backend/src/leads/lead-statistics.service';
import { Lead } from '../../backend/src/leads/entities/lead.entity';
import { LoginToken } from '../../backend/src/identity/entities/login-token.entity';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { OutboxMessage } from '../../backend/src/outbox/entities/outbox-message.entity';
import { OutboxBody } from '../../backend/src/outbox/entities/outbox-body.entity';
import { Progress } from '../../backend/src/access/entities/progress.entity';
import { Refund } from '../../backend/src/orders/entities/refund.entity';
import { Session } from '../../backend/src/identity/entities/session.entity';
import { User } from '../../backend/src/identity/entities/user.entity';
import { createUser, loginAs, startTestApp, TestApp, uniqueEmail } from './support/test-app';

describe('privacy rights: GET /api/account/export and DELETE /api/account', () => {
  let t: TestApp;
  let starterModuleId: number;
  beforeAll(async () => {
    t = await startTestApp();
    starterModuleId = (await t.ds.getRepository(CourseModule).findOneByOrFail({ courseId: 'starter', position: 0 })).id;
  });
  afterAll(() => t.close());

  async function addOrder(userId: number | null, email: string, courseId = 'foundation'): Promise<Order> {
    const now = new Date();
    const repo = t.ds.getRepository(Order);
    return repo.save(
      repo.create({
        userId,
        email,
        firstName: 'Kari',
        lastName: 'Nordmann',
        courseId,
        amountOre: 199700,
        currency: 'NOK',
        paymentMethod: 'card',
        provider: 'demo',
        status: 'paid',
        providerReference: null,
        stripePaymentIntentId: null,
        refundedOre: 0,
        termsAcceptedAt: now,
        attribution: { trafficSource: 'B', landingPath: '/b' },
        createdAt: now,
        updatedAt: now,
        paidAt: now,
        anonymisedAt: null,
      }),
    );
  }

  async function addOutbox(toAddress: string, userId: number | null): Promise<void> {
    const now = new Date();
    const res = await t.ds.getRepository(OutboxMessage).insert({
      kind: 'receipt',
      toAddress,
      subject: 'Kvittering',
      status: 'sent',
      attempts: 1,
      nextAttemptAt: now,
      sentAt: now,
      userId,
      createdAt: now,
    });
    await t.ds
      .getRepository(OutboxBody)
      .insert({ messageId: Number(res.identifiers[0]?.id), html: '<p>Takk</p>', textBody: 'Takk' });
  }

  /** A student with a bit of everything: grants, an order, a refund, progress, leads, a queued e-mail. */
  async function fullStudent(password: string | null = 'hemmelig123') {
    const email = uniqueEmail('slett');
    const user = await createUser(t, { email, password, courses: ['starter', 'foundation'] });
    const order = await addOrder(user.id, email);
    const guestOrder = await addOrder(null, email, 'accelerator');
    await t.ds
      .getRepository(Refund)
      .insert({ orderId: order.id, amountOre: 1000, reason: 'Delvis', status: 'succeeded', createdAt: new Date() });
    await t.http().post('/api/leads').send({ email, courseType: 'starter', source: '/a' }).expect(201);
    await addOutbox(email, user.id);
    await t.app.get(LoginTokensService).issue(user.id);
    return { user, email, order, guestOrder };
  }

  it('anonymous → 401 for export and delete', async () => {
    const a = await t.http().get('/api/account/export').expect(401);
    expect(a.body).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
    await t.http().delete('/api/account').send({ password: 'x' }).expect(401);
  });

  it('export: a JSON download of account, grants, orders, progress, leads — no password hash, no session token', async () => {
    const { user, email, order, guestOrder } = await fullStudent();
    const other = await fullStudent();
    const agent = t.agent();
    await agent.post('/api/auth/login').send({ email, password: 'hemmelig123' }).expect(200);
    await agent.post(`/api/progress/starter/modules/${starterModuleId}/complete`).send({}).expect(200);

    const res = await agent.get('/api/account/export').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="mine-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toContain('no-store');
    const body = res.body;
    expect(body.account).toMatchObject({ id: user.id, email, role: 'student', passwordSet: true });
    expect(body.grants.map((g: { courseId: string }) => g.courseId).sort()).toEqual(['foundation', 'starter']);
    expect(body.orders.map((o: { id: number }) => o.id)).toEqual([order.id, guestOrder.id]);
    expect(body.orders[0]).toMatchObject({ courseId: 'foundation', amountOre: 199700, firstName: 'Kari', status: 'paid' });
    expect(body.orders[0].refunds).toEqual([expect.objectContaining({ amountOre: 1000, status: 'succeeded' })]);
    expect(body.progress).toEqual([
      expect.objectContaining({ courseId: 'starter', completedModules: [starterModuleId], currentModule: 0 }),
    ]);
    expect(body.leads).toEqual([expect.objectContaining({ email, courseType: 'starter', source: '/a' })]);
    expect(body.sessions.length).toBeGreaterThanOrEqual(1);
    expect(body.emails).toEqual([expect.objectContaining({ kind: 'receipt', subject: 'Kvittering' })]);

    const text = JSON.stringify(body);
    const stored = await t.ds.getRepository(User).findOneByOrFail({ id: user.id });
    expect(text).not.toContain(stored.passwordHash!);
    expect(text).not.toMatch(/argon2|passwordHash|tokenHash/);
    const sessions = await t.ds.getRepository(Session).findBy({ userId: user.id });
    for (const s of sessions) expect(text).not.toContain(s.tokenHash);
    // Nothing of the other student.
    expect(text).not.toContain(other.email);
    expect(text).not.toContain(`"id":${other.order.id},`);
  });

  it('delete: a wrong or missing password → 400 and nothing changes', async () => {
    const { user, email, order } = await fullStudent();
    const agent = t.agent();
    await agent.post('/api/auth/login').send({ email, password: 'hemmelig123' }).expect(200);
    const wrong = await agent.delete('/api/account').send({ password: 'feil-passord' }).expect(400);
    expect(wrong.body).toEqual({ statusCode: 400, code: 'WRONG_PASSWORD', message: 'Feil passord. Kontoen ble ikke slettet.' });
    const missing = await agent.delete('/api/account').send({}).expect(400);
    expect(missing.body).toMatchObject({ code: 'WRONG_PASSWORD', message: 'Skriv inn passordet ditt for å slette kontoen.' });
    // Typing the e-mail is not enough when a password is set.
    await agent.delete('/api/account').send({ confirmEmail: email }).expect(400);
    await agent.delete('/api/account').send({ password: 'hemmelig123', extra: 1 }).expect(400);
    await agent.delete('/api/account').send({ password: 12345 }).expect(400);
    const noBody = await agent.delete('/api/account').set('X-Requested-With', 'fetch').expect(400);
    expect(noBody.body.code).toBe('WRONG_PASSWORD');

    expect(await t.ds.getRepository(User).existsBy({ id: user.id })).toBe(true);
    expect(await t.ds.getRepository(Order).findOneByOrFail({ id: order.id })).toMatchObject({ userId: user.id, email });
    expect(await t.ds.getRepository(Grant).countBy({ userId: user.id })).toBe(2);
    await agent.get('/api/auth/me').expect(200);
  });

  it('delete with the password: orders kept anonymised, everything else gone, sessions ended, cookie cleared', async () => {
    const { user, email, order, guestOrder } = await fullStudent();
    const other = await fullStudent();
    const catalogBefore = (await t.http().get('/api/catalog').expect(200)).body.studentCount;

    const agent = t.agent();
    await agent.post('/api/auth/login').send({ email, password: 'hemmelig123' }).expect(200);
    await agent.post(`/api/progress/starter/modules/${starterModuleId}/complete`).send({}).expect(200);
    const secondDevice = t.agent();
    await secondDevice.post('/api/auth/login').send({ email, password: 'hemmelig123' }).expect(200);

    const mailIds = (
      await t.ds
        .getRepository(OutboxMessage)
        .find({ where: [{ toAddress: email }, { userId: user.id }], loadEagerRelations: false })
    ).map((m) => m.id);
    expect(mailIds.length).toBeGreaterThan(0);
    expect(await t.ds.getRepository(OutboxBody).countBy({ messageId: In(mailIds) })).toBe(mailIds.length);

    // The dashboard's row of the address (its account and purchase), made as the statistics make it,
    // is there before, and goes with the leads.
    await t.app.get(LeadStatisticsService).catchUp();
    expect(await t.ds.getRepository(LeadAddress).findOneByOrFail({ email })).toMatchObject({ userId: user.id, bought: true });

    const res = await agent.delete('/api/account').send({ password: 'hemmelig123' }).expect(200);
    expect(res.body).toEqual({ message: 'Kontoen din er slettet. Ordrene er beholdt anonymisert for regnskapet.' });
    const setCookie = String(res.headers['set-cookie'] ?? '');
    expect(setCookie).toMatch(/sid=;/);

    // Orders: kept, anonymised.
    for (const o of [order, guestOrder]) {
      const row = await t.ds.getRepository(Order).findOneByOrFail({ id: o.id });
      expect(row).toMatchObject({
        userId: null,
        email: `slettet-${o.id}@anonymisert.invalid`,
        firstName: '',
        lastName: '',
        amountOre: 199700,
        status: 'paid',
      });
      expect(row.anonymisedAt).toBeInstanceOf(Date);
    }
    expect(await t.ds.getRepository(Refund).countBy({ orderId: order.id })).toBe(1);

    // Everything else: gone.
    expect(await t.ds.getRepository(User).existsBy({ id: user.id })).toBe(false);
    expect(await t.ds.getRepository(User).existsBy({ email })).toBe(false);
    expect(await t.ds.getRepository(Grant).countBy({ userId: user.id })).toBe(0);
    expect(await t.ds.getRepository(Progress).countBy({ userId: user.id })).toBe(0);
    expect(await t.ds.getRepository(Session).countBy({ userId: user.id })).toBe(0);
    expect(await t.ds.getRepository(LoginToken).countBy({ userId: user.id })).toBe(0);
    expect(await t.ds.getRepository(Lead).countBy({ email })).toBe(0);
    expect(await t.ds.getRepository(LeadAddress).countBy({ email })).toBe(0);
    expect(await t.ds.getRepository(LeadAddress).countBy({ userId: user.id })).toBe(0);
    expect(await t.ds.getRepository(LeadAddress).countBy({ email: other.email })).toBe(1);
    expect(await t.ds.getRepository(OutboxMessage).countBy({ toAddress: email })).toBe(0);
    // The bodies went with their messages (they hold the address and the links); no other body went.
    expect(await t.ds.getRepository(OutboxBody).countBy({ messageId: In(mailIds) })).toBe(0);
    expect(await t.ds.getRepository(OutboxBody).count()).toBe(await t.ds.getRepository(OutboxMessage).count());

    // Sessions ended on every device; the password no longer signs in.
    await agent.get('/api/auth/me').expect(200, 'null');
    await secondDevice.get('/api/auth/me').expect(200, 'null');
    await t.http().post('/api/auth/login').send({ email, password: 'hemmelig123' }).expect(401);

    // The audit row records the deletion without personal data.
    const audit = await t.ds
      .getRepository(AuditLog)
      .findOneByOrFail({ action: 'account.deleted_by_user', entityId: String(user.id) });
    expect(audit).toMatchObject({ entity: 'user', actorEmail: null });
    expect(audit.after).toMatchObject({ ordersAnonymised: 2, grantsRemoved: 2, progressRemoved: 1, sessionsEnded: 2 });
    expect(JSON.stringify(audit)).not.toContain(email);
    expect(JSON.stringify(audit)).not.toContain('Kari');

    // The other student is untouched.
    expect(await t.ds.getRepository(User).existsBy({ id: other.user.id })).toBe(true);
    expect(await t.ds.getRepository(Order).findOneByOrFail({ id: other.order.id })).toMatchObject({ email: other.email });
    expect(await t.ds.getRepository(Lead).countBy({ email: other.email })).toBe(1);
    expect(await t.ds.getRepository(Grant).countBy({ userId: other.user.id })).toBe(2);

    // The student count is the real number again at once.
    const catalogAfter = (await t.http().get('/api/catalog').expect(200)).body.studentCount;
    expect(catalogAfter).toBe(catalogBefore - 1);
  });

  it('an account without a password confirms by typing its e-mail (case and spaces ignored)', async () => {
    const { user, email } = await fullStudent(null);
    const token = await t.app.get(LoginTokensService).issue(user.id);
    const agent = t.agent();
    await agent.post('/api/auth/token-login').send({ token }).expect(200);
    const wrong = await agent.delete('/api/account').send({ confirmEmail: 'noen-andre@example.no' }).expect(400);
    expect(wrong.body).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'E-postadressen stemmer ikke med kontoen. Kontoen ble ikke slettet.',
    });
    const none = await agent.delete('/api/account').send({}).expect(400);
    expect(none.body.message).toBe('Skriv inn e-postadressen din for å slette kontoen.');
    await agent.delete('/api/account').send({ password: 'hva-som-helst' }).expect(400);
    expect(await t.ds.getRepository(User).existsBy({ id: user.id })).toBe(true);

    await agent
      .delete('/api/account')
      .send({ confirmEmail: `  ${email.toUpperCase()} ` })
      .expect(200);
    expect(await t.ds.getRepository(User).existsBy({ id: user.id })).toBe(false);
    await agent.get('/api/auth/me').expect(200, 'null');
  });

  it('an admin account cannot delete itself this way', async () => {
    const { agent, user, password } = await loginAs(t, { role: 'admin' });
    const res = await agent.delete('/api/account').send({ password }).expect(403);
    expect(res.body).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    expect(res.body.message).toContain('Administratorkontoer kan ikke slettes her');
    expect(await t.ds.getRepository(User).existsBy({ id: user.id })).toBe(true);
    await agent.get('/api/auth/me').expect(200);
  });

  describe('one rule for a person’s name, wherever one is given', () => {
    const INVALID = 'Navnet kan ikke inneholde kontrolltegn eller < >';
    const checkout = (over: Record<string, unknown>) =>
      t
        .http()
        .post('/api/checkout/sessions')
        .send({
          courseId: 'foundation',
          email: uniqueEmail('navn'),
          firstName: 'Kari',
          lastName: 'Nordmann',
          paymentMethod: 'card',
          acceptTerms: true,
          acceptRisk: true,
          ...over,
        });

    it.each([
      ['an angle bracket', '<b>Kari</b>'],
      ['a line feed', 'Kari\nBcc: alle@example.no'],
      ['a carriage return', 'Kari\r\nNordmann'],
      ['a right-to-left override', 'Kari\u202E'],
    ])('%s: the checkout and PATCH /api/account answer the same 400 and store nothing', async (_label, name) => {
      const { agent, user } = await loginAs(t);
      for (const field of ['firstName', 'lastName']) {
        const bought = await checkout({ [field]: name }).expect(400);
        expect(bought.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: INVALID });
        const patched = await agent
          .patch('/api/account')
          .send({ firstName: 'Kari', lastName: 'Nordmann', [field]: name })
          .expect(400);
        expect(patched.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: INVALID });
      }
      expect(await t.ds.getRepository(Order).countBy({ email: user.email })).toBe(0);
      expect((await t.ds.getRepository(User).findOneByOrFail({ id: user.id })).firstName).toBeNull();
    });

    it('the same length limit, naming the field', async () => {
      const { agent } = await loginAs(t);
      const long = 'N'.repeat(101);
      const bought = await checkout({ lastName: long }).expect(400);
      const patched = await agent.patch('/api/account').send({ firstName: 'Kari', lastName: long }).expect(400);
      expect(bought.body.message).toBe('Etternavnet kan være maks 100 tegn');
      expect(patched.body.message).toBe(bought.body.message);
    });

    it('names with letters from anywhere, apostrophes and hyphens pass both', async () => {
      const { agent } = await loginAs(t);
      const name = { firstName: 'Åse Nguyễn', lastName: "O'Brien-Ødegård" };
      await agent.patch('/api/account').send(name).expect(200);
      const bought = await checkout(name);
      expect(bought.body.code).not.toBe('VALIDATION_FAILED');
    });
  });

  it('deleting needs the JSON/CSRF rule like every write', async () => {
    const { agent, password } = await loginAs(t);
    await agent.delete('/api/account').set('Origin', 'https://evil.example').send({ password }).expect(403);
    await agent.delete('/api/account').set('Content-Type', 'text/plain').send(`{"password":"${password}"}`).expect(415);
    await agent.get('/api/auth/me').expect(200);
  });
});
