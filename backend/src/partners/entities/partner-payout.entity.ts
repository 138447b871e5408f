import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../../platform/database/columns';

/** «Marker som utbetalt»: the approved commissions of a partner paid at once (the bank's date and reference). */
@Entity('partner_payouts')
export class PartnerPayout {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('idx_partner_payouts_partner')
  @Column({ type: 'int' })
  partnerId: number;

  /** The day the money left the bank (YYYY-MM-DD). */
  @Column({ type: 'varchar', length: 10 })
  paidOn: string;

  @Column({ type: 'varchar', length: 140 })
  reference: string;

  @Column({ type: 'int' })
  totalOre: number;

  @Column({ type: 'int' })
  commissions: number;

  @Column({ type: 'int', nullable: true })
  createdBy: number | null;

  @DateTimeColumn()
  createdAt: Date;
}
