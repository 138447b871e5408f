import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mentorship period: months of mentorship per course (Accelerator: 3), and a grant's own end once
 * the admin extends it.
 */
export class MentorshipPeriod1795500610000 implements MigrationInterface {
  name = 'MentorshipPeriod1795500610000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "courses" ADD COLUMN "mentorshipMonths" integer NOT NULL DEFAULT (0)`);
    await queryRunner.query(`UPDATE "courses" SET "mentorshipMonths" = 3 WHERE "id" = 'accelerator'`);
    await queryRunner.query(`ALTER TABLE "grants" ADD COLUMN "mentorshipEndsAt" datetime(3)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "grants" DROP COLUMN "mentorshipEndsAt"`);
    await queryRunner.query(`ALTER TABLE "courses" DROP COLUMN "mentorshipMonths"`);
  }
}
