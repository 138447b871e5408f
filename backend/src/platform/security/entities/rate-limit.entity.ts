import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Rate-limit counters, shared by every instance through the database. */
@Entity('rate_limits')
export class RateLimit {
  @PrimaryColumn({ type: 'varchar', length: 191 })
  key: string;

  @Column({ type: 'int' })
  hits: number;

  /** Epoch milliseconds when the window ends. */
  @Column({ type: 'bigint' })
  expiresAt: string;

  /** Epoch milliseconds until which the key is blocked (0 = not blocked). */
  @Column({ type: 'bigint', default: 0 })
  blockedUntil: string;
}
