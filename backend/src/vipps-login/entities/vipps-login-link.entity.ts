import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../../platform/database/columns';

/**
 * An account's Vipps identity: Vipps' `sub` for this sales unit (pairwise, so it names the person
 * here only), one per account and one account per `sub`. Nothing else from Vipps is kept here.
 */
@Entity('vipps_login_links')
@Index('uq_vipps_login_links_user', ['userId'], { unique: true })
@Index('uq_vipps_login_links_sub', ['sub'], { unique: true })
export class VippsLoginLink {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 255 })
  sub: string;

  @DateTimeColumn()
  linkedAt: Date;
}
