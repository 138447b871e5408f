import type TestAgent from 'supertest/lib/agent';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { adminAgent, demoPurchase } from './admin-helpers';
import { startTestApp, uniqueEmail, type TestApp } from './support/test-app';

describe('admin API: the orders a campaign code was used on', () => {
  let t: TestApp;
  let admin: TestAgent;

  beforeAll(async () => {
    t = await startTestApp();
    ({ agent: admin } = await adminAgent(t));
  });
  afterAll(() => t.close());

  it('lists the orders made with the code, newest first, with buyer, price and discount; other codes stay out', async () => {
    const code = `BRUKT${Date.now().toString(36).toUpperCase()}`;
    const made = await admin
      .post('/api/admin/campaign-codes')
      .send({ code, courseIds: ['foundation', 'vip', 'temakurs'], percentOff: 10, maxUses: 50 })
      .expect(201);
    const first = await demoPurchase(t, { email: uniqueEmail('kode-a') });
    const second = await demoPurchase(t, { email: uniqueEmail('kode-b') });
    await demoPurchase(t, { email: uniqueEmail('uten-kode') });
    // The demo checkout's orders, as if the code had been used on the first two.
    await t.ds.getRepository(Order).update({ id: first.orderId }, { campaignCode: code, discountOre: 19970 });
    await t.ds.getRepository(Order).update({ id: second.orderId }, { campaignCode: code, discountOre: 19970 });

    const res = await admin.get(`/api/admin/campaign-codes/${made.body.id}/orders`).expect(200);
    expect(res.body.map((o: { id: number }) => o.id)).toEqual([second.orderId, first.orderId]);
    expect(res.body[0]).toMatchObject({
      email: second.email,
      name: 'Ola Nordmann',
      courseId: 'foundation',
      status: 'paid',
      discountOre: 19970,
      amountOre: expect.any(Number),
      paidAt: expect.any(String),
    });
  });

  it('a code with no orders has an empty list; an unknown code is 404 in Norwegian', async () => {
    const made = await admin
      .post('/api/admin/campaign-codes')
      .send({ code: `UBRUKT${Date.now().toString(36).toUpperCase()}`, courseIds: ['microkurs'], amountOffOre: 5000 })
      .expect(201);
    expect((await admin.get(`/api/admin/campaign-codes/${made.body.id}/orders`).expect(200)).body).toEqual([]);
    const missing = await admin.get('/api/admin/campaign-codes/999999/orders').expect(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND', message: 'Fant ikke posten' });
  });
});
