import { MigrationInterface, QueryRunner } from 'typeorm';

/** An index on the outbox's recipient (a student's data export and erasure find their mail by address). */
export class OutboxRecipientIndex1795620000000 implements MigrationInterface {
  name = 'OutboxRecipientIndex1795620000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "idx_outbox_to" ON "outbox" ("toAddress") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_outbox_to"`);
  }
}
