import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Clicks on a partner's links, counted per Oslo day: a number, nothing about who clicked. */
@Entity('partner_clicks')
export class PartnerClick {
  @PrimaryColumn({ type: 'int' })
  partnerId: number;

  /** YYYY-MM-DD (Europe/Oslo). */
  @PrimaryColumn({ type: 'varchar', length: 10 })
  day: string;

  @Column({ type: 'int', default: 0 })
  clicks: number;
}
