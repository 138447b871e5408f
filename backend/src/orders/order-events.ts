import { Injectable, Logger } from '@nestjs/common';

/** What a listener learns about an order that became paid (first time only) or was refunded. */
export interface OrderEvent {
  orderId: number;
  userId: number | null;
  email: string;
  courseId: string;
  /** Paid: the order's amount. Refunded: the amount of this refund. Øre. */
  amountOre: number;
  /** The buyer's account was created for this order (a new, passwordless account). */
  created: boolean;
}

export interface RefundEvent extends OrderEvent {
  refundId: number;
  /** Everything refunded on the order so far, this refund included. */
  totalRefundedOre: number;
  /** The whole order is refunded now (access to the course was revoked). */
  full: boolean;
  /** The payment was refused when it landed and refunded at once (see FulfilmentService). */
  refusal?: 'already_owned' | 'code_used_up';
}

export type OrderListener<E> = (event: E) => void | Promise<void>;

/**
 * A tiny in-process emitter for order receipts. Payments emit after the change is committed;
 * the e-mail module registers listeners with `onPaid` / `onRefunded`.
 * A listener's error (thrown or rejected) is logged and never reaches the payment.
 */
@Injectable()
export class OrderEventsService {
  private readonly logger = new Logger('OrderEvents');
  private readonly paid = new Set<OrderListener<OrderEvent>>();
  private readonly refunded = new Set<OrderListener<RefundEvent>>();

  /** Registers a listener for orders that became paid. Returns a function that removes it. */
  onPaid(listener: OrderListener<OrderEvent>): () => void {
    this.paid.add(listener);
    return () => this.paid.delete(listener);
  }

  /** Registers a listener for refunds (from the admin panel or from Stripe). Returns a function that removes it. */
  onRefunded(listener: OrderListener<RefundEvent>): () => void {
    this.refunded.add(listener);
    return () => this.refunded.delete(listener);
  }

  /** Runs every paid-listener; resolves when all have settled. Never rejects. */
  emitPaid(event: OrderEvent): Promise<void> {
    return this.run('paid', this.paid, event);
  }

  /** Runs every refund-listener; resolves when all have settled. Never rejects. */
  emitRefunded(event: RefundEvent): Promise<void> {
    return this.run('refunded', this.refunded, event);
  }

  private async run<E extends OrderEvent>(kind: string, listeners: Set<OrderListener<E>>, event: E): Promise<void> {
    await Promise.all(
      [...listeners].map(async (listener) => {
        try {
          await listener(event);
        } catch (err) {
          this.logger.error({ err, orderId: event.orderId }, `Lytter for ordre ${kind} feilet`);
        }
      }),
    );
  }
}
