import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Drip release: a module opens a number of days after the student's grant; the admin can open
 * every module of one grant early.
 */
export class DripRelease1795500600000 implements MigrationInterface {
  name = 'DripRelease1795500600000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "modules" ADD COLUMN "releaseAfterDays" integer NOT NULL DEFAULT (0)`);
    await queryRunner.query(`ALTER TABLE "grants" ADD COLUMN "releasedEarlyAt" datetime(3)`);
    await queryRunner.query(`ALTER TABLE "grants" ADD COLUMN "releasedEarlyBy" integer`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "grants" DROP COLUMN "releasedEarlyBy"`);
    await queryRunner.query(`ALTER TABLE "grants" DROP COLUMN "releasedEarlyAt"`);
    await queryRunner.query(`ALTER TABLE "modules" DROP COLUMN "releaseAfterDays"`);
  }
}
