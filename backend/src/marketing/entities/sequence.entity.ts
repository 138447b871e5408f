import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { SequenceTrigger } from '@academy/contracts';
import { DateTimeColumn } from '../../platform/database/columns';

/** An automatic series of mails that starts on an event ('Sekvenser'). */
@Entity('marketing_sequences')
export class Sequence {
  @PrimaryGeneratedColumn()
  id: number;

  /** A stable name for seeded sequences (the Starter one is seeded once). */
  @Index('uq_marketing_sequences_key', { unique: true })
  @Column({ type: 'varchar', length: 64, nullable: true })
  seedKey: string | null;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'varchar', length: 32 })
  trigger: SequenceTrigger;

  @Column({ type: 'varchar', length: 64, nullable: true })
  triggerValue: string | null;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ type: 'boolean', default: true })
  utm: boolean;

  @DateTimeColumn()
  createdAt: Date;

  @DateTimeColumn()
  updatedAt: Date;
}

/** One step: wait `waitDays` (from the previous mail or the start), then send at `sendHour` Oslo time. */
@Entity('marketing_sequence_steps')
@Index('idx_marketing_steps_sequence', ['sequenceId', 'position'])
export class SequenceStep {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  sequenceId: number;

  /** Order in the sequence (1, 2, 3 …); a removed step keeps its row with position 0 for the counts. */
  @Column({ type: 'int' })
  position: number;

  @Column({ type: 'int' })
  waitDays: number;

  @Column({ type: 'int' })
  sendHour: number;

  @Column({ type: 'varchar', length: 200 })
  subject: string;

  @Column({ type: 'text' })
  body: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  stopIfBought: string | null;
}

export type EnrolmentStatus = 'active' | 'finished' | 'stopped';

/** A person in a sequence: one per (sequence, address), so enrolment is idempotent. */
@Entity('marketing_enrolments')
@Index('uq_marketing_enrolment', ['sequenceId', 'email'], { unique: true })
@Index('idx_marketing_enrolment_due', ['status', 'nextDueAt'])
export class Enrolment {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  sequenceId: number;

  @Column({ type: 'varchar', length: 254, collation: 'utf8mb4_bin' })
  email: string;

  @Column({ type: 'int', nullable: true })
  userId: number | null;

  @Column({ type: 'varchar', length: 16 })
  status: EnrolmentStatus;

  /** Position of the last step sent (0: none yet). */
  @Column({ type: 'int', default: 0 })
  lastPosition: number;

  /** When the last step was sent, or the enrolment (the next step's wait counts from here). */
  @DateTimeColumn()
  anchorAt: Date;

  /** When the next step is due, as last computed (the runner recomputes it from the step as it is now). */
  @DateTimeColumn({ nullable: true })
  nextDueAt: Date | null;

  /** The step it stopped before (for the per-step counts), and why. */
  @Column({ type: 'int', nullable: true })
  stoppedAtStepId: number | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  stopReason: string | null;

  @DateTimeColumn()
  enrolledAt: Date;

  @DateTimeColumn()
  updatedAt: Date;
}

/** A step sent to an enrolment: unique, so a step is never sent twice to one person. */
@Entity('marketing_step_sends')
@Index('uq_marketing_step_send', ['enrolmentId', 'stepId'], { unique: true })
@Index('idx_marketing_step_sends_step', ['stepId'])
export class StepSend {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  enrolmentId: number;

  @Column({ type: 'int' })
  stepId: number;

  @Column({ type: 'int', nullable: true })
  outboxId: number | null;

  @DateTimeColumn()
  sentAt: Date;
}
