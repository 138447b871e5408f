import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A campaign code that belongs to a partner (upper case, as campaign_codes stores it); one partner per code. */
@Entity('partner_codes')
export class PartnerCode {
  @PrimaryColumn({ type: 'varchar', length: 40, collation: 'utf8mb4_bin' })
  code: string;

  @Index('idx_partner_codes_partner')
  @Column({ type: 'int' })
  partnerId: number;
}
