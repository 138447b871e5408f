import { Column, Entity, PrimaryColumn } from 'typeorm';
import { DateTimeColumn } from '../../platform/database/columns';

/** Site settings the mentor edits (e.g. the video overlay text). */
@Entity('settings')
export class Setting {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  key: string;

  @Column({ type: 'text' })
  value: string;

  @DateTimeColumn()
  updatedAt: Date;
}
