import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { VatTreatment } from '@academy/contracts';
import { DateTimeColumn } from '../../platform/database/columns';

/** Texts of a player course; prices live in the one catalogue (contracts/catalog.ts). */
@Entity('courses')
export class Course {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id: string;

  @Column({ type: 'varchar', length: 120 })
  title: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'int', default: 0 })
  sortOrder: number;

  @Column({ type: 'boolean', default: true })
  published: boolean;

  /** Months of personal mentorship a grant of this course carries (0: none). */
  @Column({ type: 'int', default: 0 })
  mentorshipMonths: number;

  /** MVA treatment of a sale of the course (docs/decisions.md "MVA"). */
  @Column({ type: 'varchar', length: 16, default: 'standard' })
  vatTreatment: VatTreatment;

  /** `split`: the exempt part of the price, øre (> 0 and below the price); null otherwise. */
  @Column({ type: 'int', nullable: true })
  vatExemptOre: number | null;

  @DateTimeColumn()
  updatedAt: Date;
}
