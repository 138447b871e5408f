import type TestAgent from 'supertest/lib/agent';
import type { AdminLead, AdminOrder, AdminStats, AdminUserDetail } from '@academy/contracts';
import { mailFailureMeaning } from '@academy/contracts';
import { MentorThread } from '../../backend/src/community/entities/mentor-thread.entity';
import { User } from '../../backend/src/identity/entities/user.entity';
import { CampaignCode } from '../../backend/src/orders/entities/campaign-code.entity';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { Refund } from '../../backend/src/orders/entities/refund.entity';
import { OutboxService } from '../../backend/src/outbox/outbox.service';
import { adminAgent, createUser, insertLead, insertOrder, listQuery, uniqueEmail } from './admin-helpers';
import { useMailApp } from './support/mail-app';
import type { SmtpSink } from './support/smtp-sink';
import type { TestApp } from './support/test-app';
import type { OutboxWorker } from '../../backend/src/outbox/outbox.worker';

/**
 * The mentor's third round of contact with orders, searches and mail failures: æ, ø and å are found
 * in any case on both databases; a refused payment waiting for its refund has its own filter, its own
 * status in the CSV, and is no revenue; a hard bounce marks the lead and the student; the CSVs speak
 * the panel's Norwegian.
 */
describe('admin API: searches with æøå, refused payments, bounces and the CSVs', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let worker: OutboxWorker;
  let admin: TestAgent;
  const tag = Date.now().toString(36);
  useMailApp({}, (app) => ({ t, sink, worker } = app));

  beforeAll(async () => {
    ({ agent: admin } = await adminAgent(t));
  });

  const csvOf = async (path: string): Promise<string[]> => {
    const res = await admin
      .get(path)
      .buffer(true)
      .parse((r, cb) => {
        let s = '';
        r.setEncoding('utf8');
        r.on('data', (c: string) => (s += c));
        r.on('end', () => cb(null, s));
      })
      .expect(200);
    return (res.body as string)
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
  };

  describe('search finds names, addresses and codes with æ, ø and å in any case', () => {
    let odegard: User;
    beforeAll(async () => {
      const orders = t.ds.getRepository(Order);
      const a = await insertOrder(t, { email: uniqueEmail(`o1-${tag}`) });
      await orders.update(a.id, { firstName: 'Ola', lastName: `Ødegård${tag}` });
      const b = await insertOrder(t, { email: uniqueEmail(`o2-${tag}`) });
      await orders.update(b.id, { firstName: `Åse${tag}`, lastName: 'Berg' });
      const c = await insertOrder(t, { email: uniqueEmail(`o3-${tag}`) });
      await orders.update(c.id, { firstName: 'Per', lastName: `Æsøy${tag}` });
      const d = await insertOrder(t, { email: uniqueEmail(`o4-${tag}`) });
      await orders.update(d.id, { campaignCode: `VINTERÆØÅ${tag.toUpperCase()}` });
      odegard = await createUser(t, { email: uniqueEmail(`s-${tag}`) });
      await t.ds.getRepository(User).update(odegard.id, { firstName: 'Kari', lastName: `Ødegård${tag}` });
      await insertLead(t, { email: `ørjan.${tag}@eksempel.no` });
      const now = new Date();
      await t.ds.getRepository(MentorThread).insert({
        userId: odegard.id,
        title: `Støtte og motstand ${tag}`,
        status: 'waiting',
        lastMessageAt: now,
        createdAt: now,
        updatedAt: now,
      });
      await t.ds.getRepository(CampaignCode).insert({
        code: `VINTERÆØÅ${tag.toUpperCase()}`,
        percentOff: 10,
        amountOffOre: null,
        courseIds: ['foundation'],
        validFrom: null,
        validTo: null,
        maxUses: null,
        uses: 0,
        active: true,
        createdAt: now,
        updatedAt: now,
      });
    });

    const list = async <T>(resource: string, q: string): Promise<T[]> =>
      (await admin.get(`/api/admin/${resource}${listQuery({ filter: { q } })}`).expect(200)).body as T[];

    it('orders: by last name, first name and campaign code, lower or upper case', async () => {
      const names = async (q: string) => (await list<AdminOrder>('orders', q)).map((o) => `${o.firstName} ${o.lastName}`);
      expect(await names(`ødegård${tag}`)).toEqual([`Ola Ødegård${tag}`]);
      expect(await names(`ØDEGÅRD${tag}`)).toEqual([`Ola Ødegård${tag}`]);
      expect(await names(`åse${tag}`)).toEqual([`Åse${tag} Berg`]);
      expect(await names(`æsøy${tag}`)).toEqual([`Per Æsøy${tag}`]);
      const codes = (await list<AdminOrder>('orders', `vinteræøå${tag}`)).map((o) => o.campaignCode);
      expect(codes).toEqual([`VINTERÆØÅ${tag.toUpperCase()}`]);
    });

    it('students, the inbox by the student, leads, campaign codes and sent mail', async () => {
      expect((await list<{ id: number }>('users', `ødegård${tag}`)).map((u) => u.id)).toEqual([odegard.id]);
      expect((await list<{ title: string }>('mentor-threads', `ØDEGÅRD${tag}`)).map((r) => r.title)).toEqual([
        `Støtte og motstand ${tag}`,
      ]);
      expect((await list<AdminLead>('leads', `ØRJAN.${tag}`)).map((l) => l.email)).toEqual([`ørjan.${tag}@eksempel.no`]);
      expect((await list<{ code: string }>('campaign-codes', `vinteræøå${tag}`)).map((c) => c.code)).toEqual([
        `VINTERÆØÅ${tag.toUpperCase()}`,
      ]);
    });
  });

  describe('a payment refused when it landed', () => {
    // A day of its own, long ago, so the period holds only these orders.
    const day = '2024-02-14';
    const at = new Date(`${day}T11:00:00Z`);
    let refused: Order;
    let sold: Order;
    beforeAll(async () => {
      sold = await insertOrder(t, { email: uniqueEmail(`solgt-${tag}`), amountOre: 100000, createdAt: at, paidAt: at });
      refused = await insertOrder(t, { email: uniqueEmail(`avvist-${tag}`), amountOre: 70000, createdAt: at, paidAt: at });
      await t.ds.getRepository(Order).update(refused.id, { refusal: 'already_owned' });
      // One refused payment whose refund went through: refused, but no longer waiting.
      const done = await insertOrder(t, {
        email: uniqueEmail(`avvist-ferdig-${tag}`),
        amountOre: 50000,
        refundedOre: 50000,
        status: 'refunded',
        createdAt: at,
        paidAt: at,
      });
      await t.ds.getRepository(Order).update(done.id, { refusal: 'code_used_up' });
      await t.ds.getRepository(Refund).insert({
        orderId: done.id,
        amountOre: 50000,
        reason: 'Avvist',
        status: 'succeeded',
        stripeRefundId: null,
        createdBy: null,
        createdAt: at,
      });
    });

    it('has a filter of its own behind the work queue count, and says why in the list', async () => {
      const res = await admin.get(`/api/admin/orders${listQuery({ filter: { refusal: 'awaiting_refund' } })}`).expect(200);
      const rows = res.body as AdminOrder[];
      expect(rows.map((o) => o.id)).toContain(refused.id);
      expect(rows.every((o) => o.refusal !== null && o.status === 'paid')).toBe(true);
      expect(rows.map((o) => o.id)).not.toContain(sold.id);
      const queue = await admin.get('/api/admin/work-queue').expect(200);
      expect(queue.body.refusalsAwaitingRefund).toBe(rows.length);
      expect(rows.find((o) => o.id === refused.id)).toMatchObject({ refusal: 'already_owned', status: 'paid' });
      const all = await admin.get(`/api/admin/orders${listQuery({ filter: { refusal: 'refused' } })}`).expect(200);
      expect((all.body as AdminOrder[]).length).toBeGreaterThan(rows.length);
      const bad = await admin.get(`/api/admin/orders${listQuery({ filter: { refusal: 'kanskje' } })}`).expect(400);
      expect(bad.body).toMatchObject({ statusCode: 400, code: expect.any(String), message: expect.any(String) });
    });

    it('is no revenue, and its refund no refund of a sale', async () => {
      const stats = (await admin.get(`/api/admin/stats?from=${day}&to=${day}`).expect(200)).body as AdminStats;
      expect(stats.totals.revenueOre).toBe(100000);
      expect(stats.totals.refundsOre).toBe(0);
      expect(stats.revenuePerWeek.reduce((n, w) => n + w.revenueOre, 0)).toBe(100000);
      expect(stats.funnel.reduce((n, r) => n + r.revenueOre, 0)).toBe(100000);
    });

    it('the orders CSV says so, in the panel’s words', async () => {
      const lines = await csvOf(
        `/api/admin/orders/export.csv${listQuery({ filter: { refusal: 'refused' }, sort: ['id', 'ASC'] })}`,
      );
      const row = lines.find((l) => l.startsWith(`"${refused.id}";`))!;
      expect(row).toContain('"Foundation";"700,00";"0,00";"Avvist – venter på refusjon";"Kort";"Demo"');
    });
  });

  describe('the CSVs speak Norwegian', () => {
    it('orders: the course title, «Refundert», «Kort», «Stripe»', async () => {
      const o = await insertOrder(t, {
        email: uniqueEmail(`csv-${tag}`),
        courseId: 'accelerator',
        amountOre: 499700,
        refundedOre: 499700,
        status: 'refunded',
        provider: 'stripe',
        paymentMethod: 'card',
      });
      const lines = await csvOf(`/api/admin/orders/export.csv${listQuery({ filter: { id: [o.id] } })}`);
      expect(lines[1]).toContain('"Accelerator";"4997,00";"4997,00";"Refundert";"Kort";"Stripe"');
      expect(lines[1]).not.toMatch(/"(refunded|card|stripe|accelerator)"/);
    });

    it('students: «Elev» and the course titles', async () => {
      const s = await createUser(t, { courses: ['foundation'] });
      const lines = await csvOf(`/api/admin/users/export.csv${listQuery({ filter: { id: [s.id] } })}`);
      expect(lines[1]).toContain('"Elev";"Foundation"');
      expect(lines[1]).not.toMatch(/"(student|foundation)"/);
    });

    it('leads: «Avmeldt» says «Nei» as the other yes/no columns do', async () => {
      const lead = await insertLead(t, { email: uniqueEmail(`avm-${tag}`) });
      const lines = await csvOf(`/api/admin/leads/export.csv${listQuery({ filter: { id: [lead.id] } })}`);
      expect(lines[1]).toMatch(/"Nei";"Nei";"Nei";"Nei";""$/);
    });
  });

  describe('a mail that bounces for good', () => {
    it('marks the lead and the student with the address, until a mail goes through to it', async () => {
      const email = uniqueEmail(`finnes-ikke-${tag}`);
      const student = await createUser(t, { email });
      const lead = await insertLead(t, { email, userId: student.id });
      const outbox = t.app.get(OutboxService);
      const send = async () => {
        await outbox.enqueue({ kind: 'password_reset', to: email, subject: 'Hei', html: '<p>Hei</p>', text: 'Hei' });
        await worker.drain();
      };
      const marks = async () => ({
        lead: ((await admin.get(`/api/admin/leads/${lead.id}`).expect(200)).body as AdminLead).mailBouncedAt,
        student: ((await admin.get(`/api/admin/users/${student.id}`).expect(200)).body as AdminUserDetail).mailBouncedAt,
      });
      expect(await marks()).toEqual({ lead: null, student: null });

      sink.setMode('reject');
      await send();
      const bounced = await marks();
      expect(bounced.lead).toEqual(expect.any(String));
      expect(bounced.student).toBe(bounced.lead);
      const failed = await admin.get(`/api/admin/outbox${listQuery({ filter: { toAddress: email, status: 'failed' } })}`);
      expect(mailFailureMeaning(failed.body[0].lastError)).toEqual({
        meaning: 'Adressen finnes ikke eller tar ikke imot e-post',
        hard: true,
      });

      // The address takes mail again (the mailbox was made): the mark goes.
      await new Promise((r) => setTimeout(r, 5));
      sink.setMode('accept');
      await send();
      expect(await marks()).toEqual({ lead: null, student: null });
    });
  });
});
