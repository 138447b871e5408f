import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn, JsonColumn } from '../../platform/database/columns';

/**
 * A campaign code the mentor made. The code is stored in upper case, so it is unique without regard to
 * case; it is compared byte for byte (utf8mb4_bin), so ÆØÅ are letters of their own (SKÅL is not SKAL).
 */
@Entity('campaign_codes')
export class CampaignCode {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('uq_campaign_codes_code', { unique: true })
  @Column({ type: 'varchar', length: 40, collation: 'utf8mb4_bin' })
  code: string;

  /** 1–100; exactly one of percentOff and amountOffOre is set. */
  @Column({ type: 'int', nullable: true })
  percentOff: number | null;

  @Column({ type: 'int', nullable: true })
  amountOffOre: number | null;

  /** Catalogue ids of courses sold by checkout. */
  @JsonColumn()
  courseIds: string[];

  @DateTimeColumn({ nullable: true })
  validFrom: Date | null;

  @DateTimeColumn({ nullable: true })
  validTo: Date | null;

  /** Paid orders it may be used on; null = no limit. */
  @Column({ type: 'int', nullable: true })
  maxUses: number | null;

  /** Paid orders that used it (counted at payment, never above maxUses). */
  @Column({ type: 'int', default: 0 })
  uses: number;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @DateTimeColumn()
  createdAt: Date;

  @DateTimeColumn()
  updatedAt: Date;
}
