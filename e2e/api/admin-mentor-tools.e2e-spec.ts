import type TestAgent from 'supertest/lib/agent';
import { AuditLog } from '../../backend/src/platform/audit/entities/audit-log.entity';
import { Grant } from '../../backend/src/access/entities/grant.entity';
import { LoginToken } from '../../backend/src/identity/entities/login-token.entity';
import { User } from '../../backend/src/identity/entities/user.entity';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { Receipt } from '../../backend/src/orders/entities/receipt.entity';
import { WebhookEvent } from '../../backend/src/orders/entities/webhook-event.entity';
import { OutboxBody } from '../../backend/src/outbox/entities/outbox-body.entity';
import { OutboxMessage } from '../../backend/src/outbox/entities/outbox-message.entity';
import { parseOrderSearch } from '../../backend/src/orders/order-list';
import { adminAgent, createUser, demoPurchase, insertOrder, listQuery, loginAs, totalOf, uniqueEmail } from './admin-helpers';
import { startTestApp, type TestApp } from './support/test-app';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const DAY = 86_400_000;

/** The one-time token in a mail's text (`#token=…`). */
const tokenIn = (text: string): string => {
  const m = /[#?&]token=([A-Za-z0-9_%-]+)/.exec(text);
  if (!m) throw new Error(`no token in: ${text.slice(0, 200)}`);
  return decodeURIComponent(m[1]);
};

describe('admin API: the mentor’s order search, order page, exports and student tools', () => {
  let t: TestApp;
  let admin: TestAgent;
  let adminId: number;

  beforeAll(async () => {
    t = await startTestApp();
    ({ agent: admin, id: adminId } = await adminAgent(t));
  });
  afterAll(() => t.close());

  const mails = (userId: number, kind: string) =>
    t.ds.getRepository(OutboxMessage).find({ where: { userId, kind }, order: { id: 'ASC' } });
  const bodyOf = async (messageId: number) => (await t.ds.getRepository(OutboxBody).findOneByOrFail({ messageId })).textBody;
  const ids = (res: { body: Array<{ id: number }> }) => res.body.map((o) => o.id).sort((a, b) => a - b);

  describe('orders', () => {
    it('reads the search as the mentor types it', () => {
      expect(parseOrderSearch('4')).toEqual({ kind: 'number', number: 4, as: 'either' });
      expect(parseOrderSearch(' ordre 4 ')).toEqual({ kind: 'number', number: 4, as: 'order' });
      expect(parseOrderSearch('Ordre nr. 12')).toEqual({ kind: 'number', number: 12, as: 'order' });
      expect(parseOrderSearch('#7')).toEqual({ kind: 'number', number: 7, as: 'order' });
      expect(parseOrderSearch('kvittering 3')).toEqual({ kind: 'number', number: 3, as: 'receipt' });
      expect(parseOrderSearch('Kari  Nordmann')).toEqual({ kind: 'text', text: 'kari nordmann', words: ['kari', 'nordmann'] });
      expect(parseOrderSearch('  ')).toBeNull();
    });

    it('"4" finds order 4 (and the order of receipt 4), never every order with a 4 inside its Stripe id', async () => {
      for (let i = 0; i < 5; i++) {
        const o = await insertOrder(t, { provider: 'stripe' });
        await t.ds
          .getRepository(Order)
          .update(o.id, { providerReference: `cs_test_4${i}4abc${o.id}`, stripePaymentIntentId: `pi_44${o.id}` });
      }
      const target = await insertOrder(t);
      const byNumber = await admin.get(`/api/admin/orders${listQuery({ filter: { q: String(target.id) } })}`).expect(200);
      const receiptOrder = await t.ds.getRepository(Receipt).findOneBy({ number: target.id });
      const expected = [target.id, ...(receiptOrder ? [receiptOrder.orderId] : [])].sort((a, b) => a - b);
      expect([...new Set(ids(byNumber))]).toEqual([...new Set(expected)]);

      const ordre = await admin.get(`/api/admin/orders${listQuery({ filter: { q: `ordre ${target.id}` } })}`).expect(200);
      expect(ids(ordre)).toEqual([target.id]);
      expect(totalOf(ordre)).toBe(1);

      // A Stripe id is found whole, not by a piece of it.
      const stripeOrder = await t.ds.getRepository(Order).findOneByOrFail({ provider: 'stripe' });
      const whole = await admin
        .get(`/api/admin/orders${listQuery({ filter: { q: stripeOrder.providerReference! } })}`)
        .expect(200);
      expect(ids(whole)).toEqual([stripeOrder.id]);
      const piece = await admin.get(`/api/admin/orders${listQuery({ filter: { q: 'cs_test_4' } })}`).expect(200);
      expect(ids(piece)).toEqual([]);
    });

    it('finds the buyer by full name, by e-mail, by campaign code, and an order by its receipt number', async () => {
      const { orderId, email } = await demoPurchase(t, { courseId: 'foundation' });
      await t.ds
        .getRepository(Order)
        .update(orderId, { firstName: 'Sigrid', lastName: 'Undsetsen', campaignCode: 'HOSTKAMPANJE' });
      const q = async (text: string) =>
        ids(await admin.get(`/api/admin/orders${listQuery({ filter: { q: text } })}`).expect(200));
      expect(await q('Sigrid Undsetsen')).toEqual([orderId]);
      expect(await q('undsetsen sigrid')).toEqual([orderId]);
      expect(await q(email.toUpperCase())).toEqual([orderId]);
      expect(await q('hostkampanje')).toEqual([orderId]);
      const receipt = await t.ds.getRepository(Receipt).findOneByOrFail({ orderId, kind: 'receipt' });
      expect(await q(`kvittering ${receipt.number}`)).toEqual([orderId]);
      expect(await q('Sigrid Hamsun')).toEqual([]);
    });

    it('filters on every course of the catalogue, VIP included', async () => {
      const vip = await insertOrder(t, { courseId: 'vip', amountOre: 549900 });
      const res = await admin.get(`/api/admin/orders${listQuery({ filter: { courseId: 'vip' } })}`).expect(200);
      expect(ids(res)).toContain(vip.id);
      expect(res.body.every((o: { courseId: string }) => o.courseId === 'vip')).toBe(true);
      const bad = await admin.get(`/api/admin/orders${listQuery({ filter: { courseId: 'nope' } })}`).expect(400);
      expect(bad.body).toMatchObject({ statusCode: 400, message: expect.any(String) });
    });

    it('the order page links its receipt and credit notes, and names a refusal', async () => {
      const { orderId } = await demoPurchase(t, { courseId: 'foundation' });
      await admin.post(`/api/admin/orders/${orderId}/refund`).send({ amount: 100, reason: 'Delvis' }).expect(200);
      const res = await admin.get(`/api/admin/orders/${orderId}`).expect(200);
      expect(res.body.documents).toEqual([
        expect.objectContaining({ kind: 'receipt', pdfUrl: `/api/orders/${orderId}/receipt.pdf`, totalOre: 199700 }),
        expect.objectContaining({ kind: 'credit_note', totalOre: res.body.refunds[0].amountOre }),
      ]);
      expect(res.body.documents[1].pdfUrl).toBe(`/api/orders/${orderId}/credit-notes/${res.body.documents[1].number}/pdf`);
      expect(res.body.receiptPageUrl).toMatch(new RegExp(`/kvittering/${orderId}$`));
      expect(res.body).toMatchObject({ refusal: null, closedAs: null, campaignCode: null, discountOre: 0 });
      for (const d of res.body.documents as Array<{ pdfUrl: string }>) {
        const pdf = await admin.get(d.pdfUrl).expect(200);
        expect(pdf.headers['content-type']).toBe('application/pdf');
      }
      const pending = await insertOrder(t, { status: 'pending' });
      expect((await admin.get(`/api/admin/orders/${pending.id}`).expect(200)).body).toMatchObject({
        documents: [],
        receiptPageUrl: null,
      });
    });

    it('a Vipps payment the buyer rejected in the app says so, in the list and on the order', async () => {
      const rejected = await insertOrder(t, { status: 'expired', paymentMethod: 'vipps' });
      const timedOut = await insertOrder(t, { status: 'expired', paymentMethod: 'vipps' });
      const ref = (id: number) => `ta-test-${id}`;
      for (const o of [rejected, timedOut])
        await t.ds.getRepository(Order).update(o.id, { provider: 'vipps', providerReference: ref(o.id) });
      await t.ds.getRepository(WebhookEvent).insert([
        { id: `vipps:${ref(rejected.id)}:ABORTED:psp1`, type: 'vipps:ABORTED', processedAt: new Date() },
        { id: `vipps:${ref(timedOut.id)}:EXPIRED:psp2`, type: 'vipps:EXPIRED', processedAt: new Date() },
      ]);
      expect((await admin.get(`/api/admin/orders/${rejected.id}`).expect(200)).body).toMatchObject({
        status: 'expired',
        closedAs: 'aborted',
      });
      expect((await admin.get(`/api/admin/orders/${timedOut.id}`).expect(200)).body).toMatchObject({ closedAs: 'expired' });
      const list = await admin.get(`/api/admin/orders${listQuery({ filter: { id: [rejected.id, timedOut.id] } })}`).expect(200);
      expect(Object.fromEntries(list.body.map((o: { id: number; closedAs: string }) => [o.id, o.closedAs]))).toEqual({
        [rejected.id]: 'aborted',
        [timedOut.id]: 'expired',
      });
    });

    it('exports every matching order as CSV for Excel, streamed, whatever the page size', async () => {
      const code = `CSV${Date.now().toString(36).toUpperCase()}`;
      const made: number[] = [];
      for (let i = 0; i < 3; i++) {
        const o = await insertOrder(t, { courseId: 'accelerator', amountOre: 499700 + i });
        await t.ds.getRepository(Order).update(o.id, { campaignCode: code, discountOre: 5000 });
        made.push(o.id);
      }
      const res = await admin
        .get(`/api/admin/orders/export.csv${listQuery({ filter: { q: code }, range: [0, 0], sort: ['id', 'ASC'] })}`)
        .buffer(true)
        .parse((r, cb) => {
          let s = '';
          r.setEncoding('utf8');
          r.on('data', (c: string) => (s += c));
          r.on('end', () => cb(null, s));
        })
        .expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="ordrer-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = (res.body as string)
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toMatch(/^"Ordre";"Opprettet";"Betalt";"E-post"/);
      expect(lines).toHaveLength(4);
      expect(lines.slice(1).map((l) => Number(l.split(';')[0].replace(/"/g, '')))).toEqual(made);
      expect(lines[1]).toContain('"4997,00"');
      expect(lines[1]).toContain(`"${code}";"50,00"`);
      await admin.get(`/api/admin/orders/export.csv${listQuery({ filter: { nope: 1 } })}`).expect(400);
    });

    it('«Send på nytt» of a sent receipt mails the receipt again with a fresh sign-in link', async () => {
      const { orderId } = await demoPurchase(t, { courseId: 'foundation' });
      const order = await t.ds.getRepository(Order).findOneByOrFail({ id: orderId });
      const [original] = await mails(order.userId!, 'receipt');
      expect(original).toBeDefined();
      await t.ds.getRepository(OutboxMessage).update(original.id, { status: 'sent', sentAt: new Date() });
      const firstToken = tokenIn(await bodyOf(original.id));
      // The buyer used the first link.
      await t.agent().post('/api/auth/token-login').send({ token: firstToken });
      await t.ds.getRepository(LoginToken).update({ userId: order.userId! }, { usedAt: new Date() });

      const res = await admin.post(`/api/admin/outbox/${original.id}/resend`).set(XHR).expect(200);
      expect(res.body).toMatchObject({ action: 'copied', message: expect.objectContaining({ kind: 'receipt' }) });
      const copyId = res.body.message.id as number;
      expect(copyId).not.toBe(original.id);
      const fresh = tokenIn(await bodyOf(copyId));
      expect(fresh).not.toBe(firstToken);
      expect(res.body.message.textBody).not.toContain(fresh);
      const signedIn = t.agent();
      await signedIn.post('/api/auth/token-login').send({ token: fresh }).expect(200);
      expect((await signedIn.get('/api/auth/me').expect(200)).body.courses).toContain('foundation');
    });
  });

  describe('students', () => {
    it('a VIP grant shows its period; the mentor lengthens it and ends it, each audited', async () => {
      const user = await createUser(t);
      const grant = await admin.post(`/api/admin/users/${user.id}/grants`).send({ courseId: 'vip', notify: false }).expect(201);
      expect(grant.body).toMatchObject({ courseId: 'vip', membership: true, accessEndsAt: expect.any(String) });
      const end = Date.parse(grant.body.accessEndsAt);
      expect(end - Date.now()).toBeGreaterThan(360 * DAY);

      const detail = await admin.get(`/api/admin/users/${user.id}`).expect(200);
      expect(detail.body.courses).toEqual(expect.arrayContaining(['vip', 'kryptovaluta']));
      expect(detail.body.grants.find((g: { courseId: string }) => g.courseId === 'kryptovaluta')).toMatchObject({
        membership: false,
      });

      const longer = await admin.post(`/api/admin/grants/${grant.body.id}/membership`).send({ days: 30 }).expect(200);
      expect(Date.parse(longer.body.accessEndsAt) - end).toBe(30 * DAY);
      const bad = await admin.post(`/api/admin/grants/${grant.body.id}/membership`).send({ days: 0 }).expect(400);
      expect(bad.body.message).toBe('Antall dager må være et helt tall mellom 1 og 730');
      const kryptoGrant = detail.body.grants.find((g: { courseId: string }) => g.courseId === 'kryptovaluta');
      const notVip = await admin.post(`/api/admin/grants/${kryptoGrant.id}/membership`).send({ days: 5 }).expect(400);
      expect(notVip.body.message).toBe('Dette er ikke et VIP-medlemskap');

      const ended = await admin.post(`/api/admin/grants/${grant.body.id}/membership/end`).set(XHR).expect(200);
      expect(ended.body).toMatchObject({ active: false, revokedBy: adminId });
      const left = await t.ds.getRepository(Grant).findBy({ userId: user.id });
      expect(left.every((g) => g.revokedAt !== null)).toBe(true);
      await admin.post(`/api/admin/grants/${grant.body.id}/membership`).send({ days: 5 }).expect(409);

      const audit = await t.ds
        .getRepository(AuditLog)
        .find({ where: { entity: 'grant', entityId: String(grant.body.id) }, order: { id: 'ASC' } });
      expect(audit.map((a) => a.action)).toEqual(['grant.create', 'grant.membership.extend', 'grant.membership.stop']);
      expect(audit[1]).toMatchObject({ actorId: adminId, after: { days: 30 } });
      expect(audit[2].after).toMatchObject({ included: expect.arrayContaining(['kryptovaluta', 'microkurs', 'temakurs']) });
    });

    it('a grant by hand mails the student a sign-in link unless the mentor unticks it', async () => {
      const passwordless = await createUser(t, { password: null });
      await admin.post(`/api/admin/users/${passwordless.id}/grants`).send({ courseId: 'foundation' }).expect(201);
      const [mail] = await mails(passwordless.id, 'access_granted');
      expect(mail).toMatchObject({ toAddress: passwordless.email, subject: 'Du har fått tilgang til Foundation' });
      const signedIn = t.agent();
      await signedIn
        .post('/api/auth/token-login')
        .send({ token: tokenIn(await bodyOf(mail.id)) })
        .expect(200);
      expect((await signedIn.get('/api/auth/me').expect(200)).body.courses).toContain('foundation');

      const quiet = await createUser(t);
      await admin.post(`/api/admin/users/${quiet.id}/grants`).send({ courseId: 'microkurs', notify: false }).expect(201);
      expect(await mails(quiet.id, 'access_granted')).toHaveLength(0);
      const audit = await t.ds.getRepository(AuditLog).findOneByOrFail({
        action: 'grant.create',
        actorId: adminId,
        entityId: String((await t.ds.getRepository(Grant).findOneByOrFail({ userId: quiet.id })).id),
      });
      expect(audit.after).toMatchObject({ notified: false });
      await admin.post(`/api/admin/users/${quiet.id}/grants`).send({ courseId: 'microkurs', notify: 'ja' }).expect(400);
    });

    it('grants one course to the selected students: each audited and mailed, those who own it named', async () => {
      const a = await createUser(t);
      const b = await createUser(t, { password: null });
      const owner = await createUser(t, { courses: ['temakurs'] });
      const res = await admin
        .post('/api/admin/users/bulk-grant')
        .send({ userIds: [a.id, b.id, owner.id, a.id], courseId: 'temakurs', note: 'Kampanje' })
        .expect(200);
      expect(res.body).toEqual({ granted: [a.id, b.id], alreadyOwned: [owner.id] });
      for (const u of [a, b]) {
        const g = await t.ds.getRepository(Grant).findOneByOrFail({ userId: u.id, courseId: 'temakurs' });
        expect(g).toMatchObject({ source: 'manual', note: 'Kampanje', grantedBy: adminId });
        expect(await t.ds.getRepository(AuditLog).countBy({ action: 'grant.create', entityId: String(g.id) })).toBe(1);
        expect(await mails(u.id, 'access_granted')).toHaveLength(1);
      }
      expect(await mails(owner.id, 'access_granted')).toHaveLength(0);
      const empty = await admin.post('/api/admin/users/bulk-grant').send({ userIds: [], courseId: 'temakurs' }).expect(400);
      expect(empty.body.message).toBe('Velg mellom 1 og 500 elever');
      await admin
        .post('/api/admin/users/bulk-grant')
        .send({ userIds: [a.id], courseId: 'ukjent' })
        .expect(400);
    });

    it('the mentor edits name and notes; a new e-mail waits until the student confirms it by the mailed link', async () => {
      const student = await createUser(t);
      const other = await createUser(t);
      const res = await admin
        .patch(`/api/admin/users/${student.id}`)
        .send({ firstName: ' Ingrid ', lastName: 'Bjørnstad', adminNote: 'Ringte om Accelerator' })
        .expect(200);
      expect(res.body).toMatchObject({
        firstName: 'Ingrid',
        lastName: 'Bjørnstad',
        adminNote: 'Ringte om Accelerator',
        pendingEmail: null,
      });
      expect(
        await t.ds.getRepository(AuditLog).findOneByOrFail({ action: 'user.update', entityId: String(student.id) }),
      ).toMatchObject({
        actorId: adminId,
        before: { firstName: null, lastName: null, adminNote: null },
        after: { firstName: 'Ingrid', lastName: 'Bjørnstad', adminNote: 'Ringte om Accelerator' },
      });

      const taken = await admin.patch(`/api/admin/users/${student.id}`).send({ email: other.email }).expect(409);
      expect(taken.body.message).toBe('Det finnes allerede en konto med denne e-postadressen');
      await admin.patch(`/api/admin/users/${student.id}`).send({ email: 'ikke-en-adresse' }).expect(400);

      const next = uniqueEmail('ny');
      const changed = await admin.patch(`/api/admin/users/${student.id}`).send({ email: next.toUpperCase() }).expect(200);
      expect(changed.body).toMatchObject({ email: student.email, pendingEmail: next });
      const [confirm] = await t.ds.getRepository(OutboxMessage).findBy({ userId: student.id, kind: 'email_change' });
      expect(confirm).toMatchObject({ toAddress: next });
      const token = tokenIn(await bodyOf(confirm.id));
      // Until confirmed, the old address signs in.
      await t.agent().post('/api/auth/login').send({ email: student.email, password: 'hemmelig123' }).expect(200);

      const ok = await t.http().post('/api/account/email/confirm').set(XHR).send({ token }).expect(200);
      expect(ok.body).toEqual({ email: next });
      expect(await t.ds.getRepository(User).findOneByOrFail({ id: student.id })).toMatchObject({
        email: next,
        pendingEmail: null,
      });
      await t.agent().post('/api/auth/login').send({ email: next, password: 'hemmelig123' }).expect(200);
      const again = await t.http().post('/api/account/email/confirm').set(XHR).send({ token }).expect(400);
      expect(again.body).toMatchObject({ code: 'INVALID_TOKEN', message: expect.stringContaining('ugyldig eller utløpt') });
      expect(
        await t.ds.getRepository(AuditLog).findOneByOrFail({ action: 'user.email_change', entityId: String(student.id) }),
      ).toMatchObject({
        before: { email: student.email },
        after: { email: next },
      });
    });

    it('«Send ny innloggingslenke» mails a new link; the older ones stop working', async () => {
      const student = await createUser(t, { password: null });
      await admin.post(`/api/admin/users/${student.id}/grants`).send({ courseId: 'foundation' }).expect(201);
      const oldToken = tokenIn(await bodyOf((await mails(student.id, 'access_granted'))[0].id));
      const res = await admin.post(`/api/admin/users/${student.id}/signin-link`).set(XHR).expect(200);
      const [mail] = await mails(student.id, 'sign_in_link');
      expect(res.body).toEqual({ outboxId: mail.id });
      expect(mail.toAddress).toBe(student.email);
      await t.agent().post('/api/auth/token-login').send({ token: oldToken }).expect(401);
      await t
        .agent()
        .post('/api/auth/token-login')
        .send({ token: tokenIn(await bodyOf(mail.id)) })
        .expect(200);
      expect(await t.ds.getRepository(AuditLog).countBy({ action: 'user.signin_link', entityId: String(student.id) })).toBe(1);
      await admin.post('/api/admin/users/99999999/signin-link').set(XHR).expect(404);
    });

    it('exports the selected students, or the filtered list, as CSV; filters on VIP', async () => {
      const a = await createUser(t, { courses: ['vip'] });
      const b = await createUser(t, { courses: ['foundation'] });
      await createUser(t);
      const csv = async (filter: Record<string, unknown>) => {
        const res = await admin
          .get(`/api/admin/users/export.csv${listQuery({ filter, sort: ['id', 'ASC'] })}`)
          .buffer(true)
          .parse((r, cb) => {
            let s = '';
            r.setEncoding('utf8');
            r.on('data', (c: string) => (s += c));
            r.on('end', () => cb(null, s));
          })
          .expect(200);
        expect(res.headers['content-disposition']).toMatch(/filename="elever-/);
        return (res.body as string)
          .replace(/^\uFEFF/, '')
          .trimEnd()
          .split('\r\n');
      };
      const selected = await csv({ id: [a.id, b.id] });
      expect(selected[0]).toBe('"ID";"Registrert";"E-post";"Fornavn";"Etternavn";"Rolle";"Kurs";"Har passord";"Variant"');
      expect(selected.slice(1).map((l) => l.split(';')[2])).toEqual([`"${a.email}"`, `"${b.email}"`]);
      expect(selected[1]).toContain('VIP"');
      const vip = await admin.get(`/api/admin/users${listQuery({ filter: { courseId: 'vip' } })}`).expect(200);
      expect(vip.body.map((u: { id: number }) => u.id)).toContain(a.id);
      expect(vip.body.map((u: { id: number }) => u.id)).not.toContain(b.id);
      expect((await csv({ courseId: 'vip' })).some((l) => l.includes(a.email))).toBe(true);
    });

    it('a student’s questions, inbox threads and mails are listed by the student', async () => {
      const { user } = await loginAs(t);
      await admin.get(`/api/admin/questions${listQuery({ filter: { userId: user.id } })}`).expect(200);
      await admin.get(`/api/admin/mentor-threads${listQuery({ filter: { userId: user.id } })}`).expect(200);
      await admin.get(`/api/admin/certificates${listQuery({ filter: { userId: user.id } })}`).expect(200);
      await admin.get(`/api/admin/outbox${listQuery({ filter: { userId: user.id } })}`).expect(200);
    });
  });
});
