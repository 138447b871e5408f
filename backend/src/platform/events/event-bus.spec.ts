import { Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EventBus } from './event-bus';
import type { OrderPaid } from './event-map';
import { enterRequest } from './request-context';

const event: OrderPaid = { orderId: 1, userId: 2, email: 'a@b.no', courseId: 'foundation', amountOre: 199700, created: true };

describe('EventBus', () => {
  let errors: jest.SpyInstance;
  beforeEach(() => (errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined)));
  afterEach(() => jest.restoreAllMocks());

  it('runs every after-commit handler with the payload and waits for async ones', async () => {
    const bus = new EventBus();
    const seen: OrderPaid[] = [];
    bus.add('order.paid', 'a', 'after-commit', (e) => void seen.push(e));
    bus.add('order.paid', 'b', 'after-commit', async (e) => {
      await new Promise((r) => setTimeout(r, 5));
      seen.push({ ...e, orderId: 99 });
    });
    await bus.emit('order.paid', event);
    expect(seen).toEqual([event, { ...event, orderId: 99 }]);
  });

  it('a throwing or rejecting handler is logged with the event and the request id; the others still run and emit never rejects', async () => {
    const bus = new EventBus();
    const ran: string[] = [];
    bus.add('order.refunded', 'Mail.smtp', 'after-commit', () => {
      throw new Error('smtp nede');
    });
    bus.add('order.refunded', 'Mail.queue', 'after-commit', () => Promise.reject(new Error('kø full')));
    bus.add('order.refunded', 'Ok.ok', 'after-commit', () => void ran.push('ok'));
    enterRequest('req-42');
    await expect(
      bus.emit('order.refunded', { ...event, refundId: 1, totalRefundedOre: 199700, full: true }),
    ).resolves.toBeUndefined();
    expect(ran).toEqual(['ok']);
    expect(errors).toHaveBeenCalledTimes(2);
    expect(errors.mock.calls[0][0]).toMatchObject({ event: 'order.refunded', handler: 'Mail.smtp', reqId: 'req-42' });
    expect(errors.mock.calls[1][0]).toMatchObject({ event: 'order.refunded', handler: 'Mail.queue', reqId: 'req-42' });
  });

  it('in-transaction handlers run in order with the manager, only from emitInTransaction, and a failure is thrown', async () => {
    const bus = new EventBus();
    const m = { tag: 'tx' } as unknown as EntityManager;
    const seen: string[] = [];
    bus.add('order.paid', 'after', 'after-commit', () => void seen.push('after'));
    bus.add(
      'order.paid',
      'first',
      'in-transaction',
      (_e, mm) => void seen.push(`first:${(mm as unknown as { tag: string }).tag}`),
    );
    bus.add('order.paid', 'second', 'in-transaction', () => void seen.push('second'));
    await bus.emitInTransaction('order.paid', event, m);
    expect(seen).toEqual(['first:tx', 'second']);
    bus.add('order.paid', 'broken', 'in-transaction', () => Promise.reject(new Error('rull tilbake')));
    await expect(bus.emitInTransaction('order.paid', event, m)).rejects.toThrow('rull tilbake');
  });

  it('an event nobody handles costs nothing', async () => {
    await expect(new EventBus().emit('catalog.changed', {})).resolves.toBeUndefined();
  });
});
