import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { DateTimeColumn } from '../../platform/database/columns';

/**
 * A student's private calendar feed (`/api/calendar/<secret>.ics`). The secret is stored as is, so
 * account settings can show the address again; it only opens the feed, and a reset replaces it.
 */
@Entity('calendar_feeds')
export class CalendarFeed {
  @PrimaryColumn({ type: 'int' })
  userId: number;

  @Index('uq_calendar_feeds_secret', { unique: true })
  @Column({ type: 'varchar', length: 64, collation: 'utf8mb4_bin' })
  secret: string;

  @DateTimeColumn()
  createdAt: Date;
}
