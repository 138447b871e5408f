import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, MoreThan, Repository } from 'typeorm';
import { normalizeEmail } from '../platform/dto/email-address';
import { OnEvent, type EventMap } from '../platform/events';
import { MailBounce } from './entities/mail-bounce.entity';
import { OutboxMessage } from './entities/outbox-message.entity';

/**
 * The addresses that bounced for good (docs/decisions.md "Marketing e-mail"): noted on every hard
 * bounce (`mail.bounced`: our SMTP server refused the recipient with a 5xx, or Postmark's webhook).
 * An address counts as bouncing until a mail to it has gone through since (read from the queue when
 * asked, so sending costs nothing more). The panel reads them to mark the lead and the student, and
 * to offer correcting the address instead of sending again.
 */
@Injectable()
export class MailBouncesService {
  constructor(
    @InjectRepository(MailBounce) private readonly bounces: Repository<MailBounce>,
    @InjectRepository(OutboxMessage) private readonly outbox: Repository<OutboxMessage>,
  ) {}

  @OnEvent('mail.bounced')
  async bounced(e: EventMap['mail.bounced']): Promise<void> {
    await this.bounces.upsert({ email: normalizeEmail(e.email), bouncedAt: new Date() }, ['email']);
  }

  /** When each of the addresses last bounced for good (only those that do). */
  async bouncedAmong(emails: string[]): Promise<Map<string, Date>> {
    const unique = [...new Set(emails)];
    if (unique.length === 0) return new Map();
    const out = new Map<string, Date>();
    for (const r of await this.bounces.find({ where: { email: In(unique) } })) {
      // A mail that went through after the bounce: the address takes mail again (idx_outbox_to).
      const since = await this.outbox.countBy({ toAddress: r.email, status: 'sent', sentAt: MoreThan(r.bouncedAt) });
      if (since === 0) out.set(r.email, r.bouncedAt);
    }
    return out;
  }
}
