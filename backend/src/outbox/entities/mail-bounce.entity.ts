import { Entity, PrimaryColumn } from 'typeorm';
import { DateTimeColumn } from '../../platform/database/columns';

/**
 * An address that bounced for good: the receiving server said it does not exist or takes no mail
 * (a 5xx on the recipient from our SMTP server, or Postmark's hard bounce). The panel marks the lead
 * and the student with this address and offers to correct it rather than send again; a mail that
 * later goes through to the address removes the row.
 */
@Entity('mail_bounces')
export class MailBounce {
  @PrimaryColumn({ type: 'varchar', length: 254, collation: 'utf8mb4_bin' })
  email: string;

  /** The last hard bounce. */
  @DateTimeColumn()
  bouncedAt: Date;
}
