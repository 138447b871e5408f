import type { EntityManager } from 'typeorm';
import type { EventBus } from '../../platform/events';
import type { Order } from '../entities/order.entity';

/**
 * The checkout's pending order, announced in its transaction: marketing plans the reminders
 * (docs/decisions.md "Checkout reminders"), with the box «Send meg en påminnelse» as ticked.
 */
export function announceStarted(events: EventBus, m: EntityManager, order: Order, remindMe: boolean): Promise<void> {
  return events.emitInTransaction(
    'checkout.started',
    { orderId: order.id, email: order.email, courseId: order.courseId, remindMe },
    m,
  );
}
