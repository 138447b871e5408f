import type TestAgent from 'supertest/lib/agent';
import { AuditLog } from '../../backend/src/platform/audit/entities/audit-log.entity';
import { LeadAddress } from '../../backend/src/leads/entities/lead-address.entity';
import { Lead } from '../../backend/src/leads/entities/lead.entity';
import { adminAgent, createUser, insertLead } from './admin-helpers';
import { startTestApp, uniqueEmail, type TestApp } from './support/test-app';

describe('admin API: deleting a lead, and «kontaktet» on many', () => {
  let t: TestApp;
  let admin: TestAgent;
  let adminId: number;

  beforeAll(async () => {
    t = await startTestApp();
    ({ agent: admin, id: adminId } = await adminAgent(t));
  });
  afterAll(() => t.close());

  const del = (id: number) => admin.delete(`/api/admin/leads/${id}`).set('X-Requested-With', 'XMLHttpRequest');
  const lead = (email: string, trafficSource: string) =>
    t
      .http()
      .post('/api/leads')
      .send({ email, courseType: 'foundation', source: '/kurs/foundation', attribution: { trafficSource } })
      .expect(201);

  it('DELETE removes every lead of the address and its funnel row, audited; the dashboard no longer counts it', async () => {
    const email = uniqueEmail('gdpr');
    await lead(email, 'B');
    await lead(email, 'C');
    const other = uniqueEmail('blir');
    await lead(other, 'B');
    // The funnel's rows are made when the statistics are read.
    const before = (await admin.get('/api/admin/stats').expect(200)).body;
    const bBefore = before.funnel.find((r: { variant: string }) => r.variant === 'B').leads;
    expect(await t.ds.getRepository(LeadAddress).countBy({ email })).toBe(1);

    const rows = await t.ds.getRepository(Lead).findBy({ email });
    expect(rows).toHaveLength(2);
    const res = await del(rows[0].id).expect(200);
    expect(res.body).toMatchObject({ id: rows[0].id, leadsRemoved: 2 });

    expect(await t.ds.getRepository(Lead).countBy({ email })).toBe(0);
    expect(await t.ds.getRepository(LeadAddress).countBy({ email })).toBe(0);
    expect(await t.ds.getRepository(Lead).countBy({ email: other })).toBe(1);
    const audit = await t.ds.getRepository(AuditLog).findOneByOrFail({ action: 'lead.delete', entityId: String(rows[0].id) });
    expect(audit).toMatchObject({ actorId: adminId, entity: 'lead' });
    expect(JSON.stringify(audit)).not.toContain(email);

    const after = (await admin.get('/api/admin/stats').expect(200)).body;
    expect(after.funnel.find((r: { variant: string }) => r.variant === 'B').leads).toBe(bBefore - 1);
    await admin.get(`/api/admin/leads/${rows[1].id}`).expect(404);
    const again = await del(rows[0].id).expect(404);
    expect(again.body).toMatchObject({ code: 'NOT_FOUND', message: 'Fant ikke leadet' });
  });

  it("a student's address is not deleted here: 409 with the account to erase instead", async () => {
    const email = uniqueEmail('elev-lead');
    const user = await createUser(t, { email });
    const row = await insertLead(t, { email, trafficSource: 'A' });
    const res = await del(row.id).expect(409);
    expect(res.body).toMatchObject({ statusCode: 409, code: 'CONFLICT', accountId: user.id });
    expect(res.body.message).toMatch(/tilhører en elev/);
    expect(await t.ds.getRepository(Lead).countBy({ email })).toBe(1);
  });

  it('only an administrator may delete', async () => {
    const row = await insertLead(t, { email: uniqueEmail('anonym') });
    await t.http().delete(`/api/admin/leads/${row.id}`).set('X-Requested-With', 'XMLHttpRequest').expect(401);
    expect(await t.ds.getRepository(Lead).countBy({ id: row.id })).toBe(1);
  });

  it('POST contacted marks the chosen leads, one audit row per lead that changed', async () => {
    const a = await insertLead(t, { email: uniqueEmail('bulk') });
    const b = await insertLead(t, { email: uniqueEmail('bulk') });
    const c = await insertLead(t, { email: uniqueEmail('bulk'), contacted: true });
    const res = await admin
      .post('/api/admin/leads/contacted')
      .send({ ids: [a.id, b.id, c.id], contacted: true })
      .expect(200);
    expect(res.body).toEqual({ updated: 2 });
    const stored = await t.ds.getRepository(Lead).findBy([{ id: a.id }, { id: b.id }, { id: c.id }]);
    expect(stored.every((l) => l.contacted)).toBe(true);
    const audit = await t.ds.getRepository(AuditLog).findBy({ action: 'lead.update', entity: 'lead' });
    const ids = audit.filter((r) => JSON.stringify(r.after).includes('contacted')).map((r) => r.entityId);
    expect(ids).toEqual(expect.arrayContaining([String(a.id), String(b.id)]));
    expect(ids).not.toContain(String(c.id));

    const undo = await admin
      .post('/api/admin/leads/contacted')
      .send({ ids: [a.id], contacted: false })
      .expect(200);
    expect(undo.body).toEqual({ updated: 1 });
  });

  it('POST contacted refuses an empty or malformed choice in Norwegian', async () => {
    for (const body of [{ ids: [], contacted: true }, { ids: ['x'], contacted: true }, { contacted: true }])
      expect((await admin.post('/api/admin/leads/contacted').send(body).expect(400)).body.message).toMatch(/Velg minst én lead/);
    const bad = await admin
      .post('/api/admin/leads/contacted')
      .send({ ids: [1], contacted: 'ja' })
      .expect(400);
    expect(bad.body).toMatchObject({ code: expect.any(String) });
  });
});
