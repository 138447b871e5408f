import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Outbox: a dedupe key per message (e.g. `receipt:42`), unique, so a repeated event never mails twice.
 * Generated, then trimmed to this change: MariaDB's generator also re-emits every nullable column
 * and the audit index of the initial migration, which are unchanged.
 */
export class OutboxDedupeKey1795283308879 implements MigrationInterface {
  name = 'OutboxDedupeKey1795283308879';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`outbox\` ADD \`dedupeKey\` varchar(100) NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX \`uq_outbox_dedupe\` ON \`outbox\` (\`dedupeKey\`)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`uq_outbox_dedupe\` ON \`outbox\``);
    await queryRunner.query(`ALTER TABLE \`outbox\` DROP COLUMN \`dedupeKey\``);
  }
}
