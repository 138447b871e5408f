import type TestAgent from 'supertest/lib/agent';
import { Certificate } from '../../backend/src/certificates/entities/certificate.entity';
import { CourseModule } from '../../backend/src/catalog/entities/course-module.entity';
import { Grant } from '../../backend/src/access/entities/grant.entity';
import { User } from '../../backend/src/identity/entities/user.entity';
import { adminAgent, demoPurchase } from './admin-helpers';
import { loginAs, startTestApp, type TestApp } from './support/test-app';

/**
 * Issue 22: inclusion is a catalogue rule (Accelerator includes Foundation), and a certificate ends
 * with the access to its course, whichever way that access ends.
 */
describe('course inclusion: Accelerator opens Foundation, and takes it along when it ends', () => {
  let t: TestApp;
  let admin: TestAgent;
  let adminId: number;

  beforeAll(async () => {
    t = await startTestApp();
    ({ agent: admin, id: adminId } = await adminAgent(t));
  });
  afterAll(() => t.close());

  const me = async (agent: TestAgent) => (await agent.get('/api/auth/me').expect(200)).body;
  const grantOf = async (userId: number, courseId: string) =>
    (await admin.post(`/api/admin/users/${userId}/grants`).send({ courseId }).expect(201)).body as { id: number };
  const revoke = (grantId: number) => admin.delete(`/api/admin/grants/${grantId}`).set('X-Requested-With', 'XMLHttpRequest');

  it("the mentor's Accelerator grant opens Foundation's player and progress; its revoke closes both", async () => {
    const { agent, user } = await loginAs(t);
    await agent.get('/api/courses/foundation').expect(403);
    const acc = await grantOf(user.id, 'accelerator');

    expect(await me(agent)).toMatchObject({ courses: ['foundation', 'accelerator'], includedBy: { foundation: 'accelerator' } });
    const course = await agent.get('/api/courses/foundation').expect(200);
    expect(course.body.modules.length).toBeGreaterThan(0);
    await agent.post(`/api/progress/foundation/modules/${course.body.modules[0].id}/complete`).send({}).expect(200);

    // The admin sees the included grant, tied to the Accelerator grant, and cannot revoke it on its own.
    const detail = (await admin.get(`/api/admin/users/${user.id}`).expect(200)).body;
    const included = detail.grants.find((g: { courseId: string }) => g.courseId === 'foundation');
    expect(included).toMatchObject({ source: 'included', includedBy: 'accelerator', includedByGrantId: acc.id, active: true });
    expect(detail.courses).toEqual(expect.arrayContaining(['foundation', 'accelerator']));
    const refused = await revoke(included.id).expect(409);
    expect(refused.body).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message: 'Denne tilgangen følger med Accelerator. Trekk tilbake Accelerator-tilgangen i stedet.',
    });

    // The data export says where the access came from.
    const exported = (await agent.get('/api/account/export').expect(200)).body;
    expect(exported.grants).toEqual([
      expect.objectContaining({ courseId: 'accelerator', source: 'manual', includedBy: null, revokedAt: null }),
      expect.objectContaining({ courseId: 'foundation', source: 'included', includedBy: 'accelerator', revokedAt: null }),
    ]);

    const res = await revoke(acc.id).expect(200);
    expect(res.body).toMatchObject({ courseId: 'accelerator', active: false, revokedBy: adminId });
    expect(await me(agent)).toMatchObject({ courses: [], includedBy: {} });
    await agent.get('/api/courses/foundation').expect(403);
    await agent.get('/api/progress/foundation').expect(403);
    const after = (await admin.get(`/api/admin/users/${user.id}`).expect(200)).body;
    expect(after.grants.find((g: { id: number }) => g.id === included.id)).toMatchObject({ active: false, revokedBy: adminId });
  });

  it('Foundation granted on its own survives the Accelerator revoke; a later Accelerator grant includes it again', async () => {
    const { agent, user } = await loginAs(t);
    await grantOf(user.id, 'foundation');
    const acc = await grantOf(user.id, 'accelerator');
    // Owned on its own: not shown as included.
    expect(await me(agent)).toMatchObject({ courses: ['foundation', 'accelerator'], includedBy: {} });
    await revoke(acc.id).expect(200);
    expect((await me(agent)).courses).toEqual(['foundation']);
    await agent.get('/api/courses/foundation').expect(200);

    // Accelerator first, then Foundation on its own: the mentor's own grant is not refused as a duplicate.
    const other = await loginAs(t);
    const acc2 = await grantOf(other.user.id, 'accelerator');
    await grantOf(other.user.id, 'foundation');
    await admin.post(`/api/admin/users/${other.user.id}/grants`).send({ courseId: 'foundation' }).expect(409);
    await revoke(acc2.id).expect(200);
    expect((await me(other.agent)).courses).toEqual(['foundation']);
  });

  it('a paid Accelerator order (demo fulfilment) opens Foundation; a full refund closes both', async () => {
    const { buyer, orderId } = await demoPurchase(t, { courseId: 'accelerator' });
    expect(await me(buyer)).toMatchObject({ courses: ['foundation', 'accelerator'], includedBy: { foundation: 'accelerator' } });
    await buyer.get('/api/courses/foundation').expect(200);
    const parent = await t.ds.getRepository(Grant).findOneByOrFail({ orderId });
    expect(await t.ds.getRepository(Grant).findBy({ includedByGrantId: parent.id })).toEqual([
      expect.objectContaining({ courseId: 'foundation', source: 'included', orderId: null, revokedAt: null }),
    ]);

    await admin.post(`/api/admin/orders/${orderId}/refund`).send({ reason: 'Angrerett' }).expect(200);
    expect((await me(buyer)).courses).toEqual([]);
    await buyer.get('/api/courses/foundation').expect(403);
  });

  it('Foundation bought on its own survives the refund of a later Accelerator order', async () => {
    const email = `egen-${Date.now()}@example.no`;
    const first = await demoPurchase(t, { email, courseId: 'foundation' });
    const user = await t.ds.getRepository(User).findOneByOrFail({ email });
    // The Accelerator comes from the mentor (the upgrade checkout is another part); then it is revoked.
    const acc = await grantOf(user.id, 'accelerator');
    await revoke(acc.id).expect(200);
    expect((await me(first.buyer)).courses).toEqual(['foundation']);
    await first.buyer.get('/api/courses/foundation').expect(200);
  });
});

describe('certificates follow access: a refund or a revoke revokes them, and the public page says why', () => {
  let t: TestApp;
  let admin: TestAgent;

  beforeAll(async () => {
    t = await startTestApp();
    ({ agent: admin } = await adminAgent(t));
  });
  afterAll(() => t.close());

  const moduleIds = async (courseId: string) =>
    (await t.ds.getRepository(CourseModule).find({ where: { courseId, published: true }, order: { position: 'ASC' } })).map(
      (m) => m.id,
    );
  const completeAll = async (agent: TestAgent, courseId: string) => {
    for (const id of await moduleIds(courseId))
      await agent.post(`/api/progress/${courseId}/modules/${id}/complete`).send({}).expect(200);
  };
  const named = (userId: number) => t.ds.getRepository(User).update({ id: userId }, { firstName: 'Kari', lastName: 'Nordmann' });

  it('a full refund revokes the certificate: no PDF, not listed, and the verification says access ended', async () => {
    const email = `sertifikat-${Date.now()}@example.no`;
    const { buyer, orderId } = await demoPurchase(t, { email, courseId: 'foundation' });
    const user = await t.ds.getRepository(User).findOneByOrFail({ email });
    await named(user.id);
    await completeAll(buyer, 'foundation');
    const [item] = (await buyer.get('/api/certificates').expect(200)).body;
    expect(item).toMatchObject({ courseId: 'foundation' });
    await buyer.get('/api/certificates/foundation').expect(200);

    await admin.post(`/api/admin/orders/${orderId}/refund`).send({ reason: 'Angrerett' }).expect(200);

    expect((await buyer.get('/api/certificates').expect(200)).body).toEqual([]);
    await buyer.get('/api/certificates/foundation').expect(404);
    const verified = await t.http().get(`/api/certificates/verify/${item.code}`).expect(200);
    expect(verified.body).toMatchObject({
      code: item.code,
      revoked: true,
      revokedAt: expect.any(String),
      revokedReason: 'access',
      revokedMessage: 'Sertifikatet er trukket tilbake fordi tilgangen til kurset er avsluttet.',
    });
    expect(await t.ds.getRepository(Certificate).findOneByOrFail({ code: item.code })).toMatchObject({ revokedReason: 'access' });
  });

  it("revoking Accelerator revokes the included Foundation's certificate too; a Foundation of its own keeps it", async () => {
    const { agent, user } = await loginAs(t);
    await named(user.id);
    const acc = (await admin.post(`/api/admin/users/${user.id}/grants`).send({ courseId: 'accelerator' }).expect(201)).body;
    await completeAll(agent, 'foundation');
    await completeAll(agent, 'accelerator');
    const certs = (await agent.get('/api/certificates').expect(200)).body as Array<{ courseId: string; code: string }>;
    expect(certs.map((c) => c.courseId)).toEqual(['foundation', 'accelerator']);

    await admin.delete(`/api/admin/grants/${acc.id}`).set('X-Requested-With', 'XMLHttpRequest').expect(200);
    expect((await agent.get('/api/certificates').expect(200)).body).toEqual([]);
    for (const c of certs) {
      const v = await t.http().get(`/api/certificates/verify/${c.code}`).expect(200);
      expect(v.body).toMatchObject({ revoked: true, revokedReason: 'access' });
    }

    // Access given back: the certificate is valid again (the course is still completed).
    await admin.post(`/api/admin/users/${user.id}/grants`).send({ courseId: 'foundation' }).expect(201);
    const back = (await agent.get('/api/certificates').expect(200)).body as Array<{ courseId: string; code: string }>;
    expect(back.map((c) => [c.courseId, c.code])).toEqual([['foundation', certs[0].code]]);
    const v = await t.http().get(`/api/certificates/verify/${certs[0].code}`).expect(200);
    expect(v.body).toMatchObject({ revoked: false, revokedReason: null, revokedMessage: null });

    // Another Accelerator grant and its revoke leave the own Foundation's certificate valid.
    const acc2 = (await admin.post(`/api/admin/users/${user.id}/grants`).send({ courseId: 'accelerator' }).expect(201)).body;
    await admin.delete(`/api/admin/grants/${acc2.id}`).set('X-Requested-With', 'XMLHttpRequest').expect(200);
    expect((await t.http().get(`/api/certificates/verify/${certs[0].code}`).expect(200)).body.revoked).toBe(false);
  });

  it('a certificate the mentor revoked says so, and does not come back with access', async () => {
    const { agent, user } = await loginAs(t, { courses: ['kryptovaluta'] });
    await named(user.id);
    await completeAll(agent, 'kryptovaluta');
    const [item] = (await agent.get('/api/certificates').expect(200)).body;
    const cert = await t.ds.getRepository(Certificate).findOneByOrFail({ code: item.code });
    await admin.post(`/api/admin/certificates/${cert.id}/revoke`).send({}).expect(200);
    const v = await t.http().get(`/api/certificates/verify/${item.code}`).expect(200);
    expect(v.body).toMatchObject({
      revoked: true,
      revokedReason: 'admin',
      revokedMessage: 'Sertifikatet er trukket tilbake av utstederen.',
    });
    expect((await agent.get('/api/certificates').expect(200)).body).toEqual([]);
  });
});
