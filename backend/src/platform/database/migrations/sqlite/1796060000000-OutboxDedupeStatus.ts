import { MigrationInterface, QueryRunner } from 'typeorm';

/** A broadcast's progress counts its mails by status from this index alone (see the MySQL migration). */
export class OutboxDedupeStatus1796060000000 implements MigrationInterface {
  name = 'OutboxDedupeStatus1796060000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "idx_outbox_dedupe_status" ON "outbox" ("dedupeKey", "status") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_outbox_dedupe_status"`);
  }
}
