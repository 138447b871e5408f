import { Order } from '../../backend/src/orders/entities/order.entity';
import { adminAgent, demoPurchase } from './admin-helpers';
import { createUser, startTestApp, TestApp, uniqueEmail } from './support/test-app';

/**
 * A transaction holds one pooled connection. Code inside it that reads through a repository of its
 * own (not the transaction's manager) asks the pool for a second one: with as many concurrent
 * transactions as connections, every one of them waits for a connection none will give back, and
 * the site stops answering. This happened to payments under load; a pool of 3 makes it show at once.
 */
describe('transactions never ask the pool for a second connection (pool of 3)', () => {
  const CONCURRENT = 12;
  const DEADLINE_MS = 20_000;
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ DATABASE_POOL_SIZE: '3' });
  });
  afterAll(() => t.close());

  /** Resolves with the answers, or fails when they take longer than the deadline (a stuck pool). */
  async function within<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const stuck = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${DEADLINE_MS} ms: the pool is stuck`)), DEADLINE_MS);
    });
    try {
      return await Promise.race([work, stuck]);
    } finally {
      clearTimeout(timer);
    }
  }

  it('concurrent payments, refused payments of owners and full refunds all answer', async () => {
    // Owners of Foundation whose addresses are used signed out: their payments are refused and refunded.
    const owners = await Promise.all([0, 1, 2].map(() => createUser(t, { courses: ['foundation'] })));
    const buyers = Array.from({ length: CONCURRENT }, (_, i) => (i < owners.length ? owners[i].email : uniqueEmail('samtidig')));
    const statuses = await within(
      Promise.all(
        buyers.map((email, i) =>
          t
            .http()
            .post('/api/checkout/sessions')
            .send({
              courseId: i % 2 ? 'accelerator' : 'foundation',
              email,
              firstName: 'Samtidig',
              lastName: `Kjøper ${i}`,
              paymentMethod: 'card',
              acceptTerms: true,
              acceptRisk: true,
            })
            .then((r) => r.status),
        ),
      ),
    );
    expect(statuses.every((s) => s === 201)).toBe(true);
    const paid = await t.ds.getRepository(Order).countBy({ status: 'paid', firstName: 'Samtidig' });
    const refunded = await t.ds.getRepository(Order).countBy({ status: 'refunded', firstName: 'Samtidig' });
    expect(paid + refunded).toBe(CONCURRENT);

    const { agent: admin } = await adminAgent(t);
    const orders = await Promise.all(Array.from({ length: CONCURRENT }, () => demoPurchase(t)));
    const refunds = await within(
      Promise.all(
        orders.map(({ orderId }) =>
          admin
            .post(`/api/admin/orders/${orderId}/refund`)
            .set('x-requested-with', 'fetch')
            .send({ reason: 'Angrerett' })
            .then((r) => r.status),
        ),
      ),
    );
    expect(refunds).toEqual(orders.map(() => 200));
  });
});
