import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OnEvent, type OrderPaid, type OrderRefunded, type SignedUp, type TotpChanged } from '../platform/events';
import { MailService } from './mail.service';

/**
 * Where the mail module hears about business events. What must never be lost is queued in the
 * transaction of the change itself (the transactional outbox): the receipt with the order that
 * became paid, the credit note's mail with the refund, the welcome with the Starter grant of a free sign-up.
 * Each message has a dedupe key, so a repeated event never mails twice.
 */
@Injectable()
export class MailListeners {
  constructor(private readonly mail: MailService) {}

  @OnEvent('receipt.issued', { phase: 'in-transaction' })
  async receipt(e: OrderPaid, m: EntityManager): Promise<void> {
    await this.mail.sendReceipt(e, m);
  }

  @OnEvent('order.refunded', { phase: 'in-transaction' })
  async refund(e: OrderRefunded, m: EntityManager): Promise<void> {
    await this.mail.sendRefund({ ...e, refundKey: e.refundId }, m);
  }

  /**
   * A free sign-up, in its transaction (with the Starter grant): a new account gets the welcome with
   * its sign-in link; a repeated sign-up of a passwordless account may get a new one (rate-limited in
   * sendWelcome). An account with a password gets nothing: its owner signs in with it (or asks for a reset).
   */
  @OnEvent('user.signedUp', { phase: 'in-transaction' })
  async signedUp(signUp: SignedUp, m: EntityManager): Promise<void> {
    if (!signUp.created && signUp.passwordSet) return;
    await this.mail.sendWelcome({ userId: signUp.userId, email: signUp.email }, { again: !signUp.created }, m);
  }

  /** The second factor turned on, a recovery code used, or locked after wrong codes: the owner is told, in that transaction. */
  @OnEvent('totp.changed', { phase: 'in-transaction' })
  async totpChanged(e: TotpChanged, m: EntityManager): Promise<void> {
    await this.mail.sendTotpChanged(e, m);
  }
}
