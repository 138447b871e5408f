import { Logger } from '@nestjs/common';
import { OrderEventsService, type OrderEvent } from './order-events';

const event: OrderEvent = { orderId: 1, userId: 2, email: 'a@b.no', courseId: 'foundation', amountOre: 199700, created: true };

describe('OrderEventsService', () => {
  beforeEach(() => jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('runs every paid-listener with the event and waits for async ones', async () => {
    const svc = new OrderEventsService();
    const seen: OrderEvent[] = [];
    svc.onPaid((e) => void seen.push(e));
    svc.onPaid(async (e) => {
      await new Promise((r) => setTimeout(r, 5));
      seen.push({ ...e, orderId: 99 });
    });
    await svc.emitPaid(event);
    expect(seen).toEqual([event, { ...event, orderId: 99 }]);
  });

  it('a throwing or rejecting listener is logged; the others still run and emit never rejects', async () => {
    const svc = new OrderEventsService();
    const ran: string[] = [];
    svc.onRefunded(() => {
      throw new Error('smtp nede');
    });
    svc.onRefunded(() => Promise.reject(new Error('kø full')));
    svc.onRefunded(() => void ran.push('ok'));
    await expect(svc.emitRefunded({ ...event, refundId: 1, totalRefundedOre: 199700, full: true })).resolves.toBeUndefined();
    expect(ran).toEqual(['ok']);
    expect(Logger.prototype.error).toHaveBeenCalledTimes(2);
  });

  it('a listener can be removed, and paid and refunded listeners are separate', async () => {
    const svc = new OrderEventsService();
    const paid = jest.fn();
    const refunded = jest.fn();
    const off = svc.onPaid(paid);
    svc.onRefunded(refunded);
    await svc.emitPaid(event);
    off();
    await svc.emitPaid(event);
    expect(paid).toHaveBeenCalledTimes(1);
    expect(refunded).not.toHaveBeenCalled();
  });
});
