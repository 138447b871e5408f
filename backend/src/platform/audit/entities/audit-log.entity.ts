import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn, JsonColumn } from '../../database/columns';

@Entity('audit_log')
@Index('idx_audit_entity', ['entity', 'entityId'])
export class AuditLog {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int', nullable: true })
  actorId: number | null;

  @Column({ type: 'varchar', length: 254, nullable: true, collation: 'utf8mb4_bin' })
  actorEmail: string | null;

  @Column({ type: 'varchar', length: 64 })
  action: string;

  @Column({ type: 'varchar', length: 64 })
  entity: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  entityId: string | null;

  @JsonColumn({ nullable: true })
  before: unknown;

  @JsonColumn({ nullable: true })
  after: unknown;

  @Index('idx_audit_created')
  @DateTimeColumn()
  createdAt: Date;
}
