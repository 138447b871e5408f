import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { SignUp, SignupEvents } from './signup-events';
import { OrderEventsService } from '../orders/order-events';
import { MailService } from './mail.service';

/**
 * Where the mail module hears about business events: paid and refunded orders (payments emit
 * them after the commit, once per order or refund) and accounts made by the free sign-up.
 */
@Injectable()
export class MailListeners implements OnModuleInit, OnModuleDestroy, SignupEvents {
  private readonly off: Array<() => void> = [];

  constructor(
    private readonly orders: OrderEventsService,
    private readonly mail: MailService,
  ) {}

  onModuleInit(): void {
    this.off.push(
      this.orders.onPaid((e) => this.mail.safely(`Kvittering for ordre ${e.orderId}`, () => this.mail.sendReceipt(e))),
      this.orders.onRefunded((e) =>
        this.mail.safely(`Refusjon ${e.refundId} for ordre ${e.orderId}`, () =>
          this.mail.sendRefund({ ...e, refundKey: e.refundId }),
        ),
      ),
    );
  }

  onModuleDestroy(): void {
    for (const off of this.off.splice(0)) off();
  }

  /**
   * A free sign-up: a new account gets the welcome with its sign-in link; a repeated sign-up of a
   * passwordless account may get a new one (rate-limited in sendWelcome). An account with a password
   * gets nothing: its owner signs in with it (or asks for a reset).
   */
  signedUp(signUp: SignUp): Promise<void> {
    if (!signUp.created && signUp.passwordSet) return Promise.resolve();
    const account = { userId: signUp.userId, email: signUp.email };
    return this.mail.safely(`Velkomst til bruker ${signUp.userId}`, () =>
      this.mail.sendWelcome(account, { again: !signUp.created }),
    );
  }
}
