import { Column, Entity, PrimaryColumn } from 'typeorm';
import { DateTimeColumn } from '../../platform/database/columns';

/**
 * Who is posting to Fiken right now: one row (`name` = 'fiken'), taken by a conditional update at the
 * start of a round and renewed before each posting, so only one instance talks to Fiken at a time
 * (Fiken refuses concurrent requests from one user). A dead instance's lease runs out by itself.
 */
@Entity('fiken_round_lease')
export class FikenRoundLease {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  name: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  owner: string | null;

  @DateTimeColumn({ nullable: true })
  until: Date | null;
}
