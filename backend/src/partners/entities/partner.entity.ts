import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../../platform/database/columns';

/**
 * A partner (affiliate) the mentor added. The account (`userId`) is how they sign in to their page; a
 * student's account can be a partner's too. Name and address go at erasure (the ledger stays).
 */
@Entity('partners')
export class Partner {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('idx_partners_user')
  @Column({ type: 'int', nullable: true })
  userId: number | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  name: string | null;

  @Column({ type: 'varchar', length: 254, nullable: true, collation: 'utf8mb4_bin' })
  email: string | null;

  /** Percent in basis points (1 250 = 12,5 %); exactly one of this and commissionOre is set. */
  @Column({ type: 'int', nullable: true })
  commissionBp: number | null;

  /** A fixed amount per order (øre). */
  @Column({ type: 'int', nullable: true })
  commissionOre: number | null;

  /** «også fornyelser»: VIP renewals earn commission too. */
  @Column({ type: 'boolean', default: false })
  includeRenewals: boolean;

  @DateTimeColumn()
  createdAt: Date;

  @DateTimeColumn()
  updatedAt: Date;

  @DateTimeColumn({ nullable: true })
  erasedAt: Date | null;

  /** Erasure was asked for with commission unpaid: the payout that settles it erases the partner. */
  @Column({ type: 'boolean', default: false })
  eraseAfterPayout: boolean;

  /** The partner's supplier contact in Fiken, made at the first payout posted there. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  fikenContactId: string | null;
}
