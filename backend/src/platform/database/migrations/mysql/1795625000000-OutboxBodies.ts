import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox keeps each message's HTML and text in its own table, `outbox_bodies`, read only when the
 * message is sent or opened. With the bodies in the queue's rows, 100 000 sent mails made `outbox`
 * about 500 MB, and the panel's deep page, search and kind filter read all of it: 1.5–7 s p95 on
 * MariaDB (bench/scale-results.md, "Before"). Existing bodies are moved, not lost.
 */
export class OutboxBodies1795625000000 implements MigrationInterface {
  name = 'OutboxBodies1795625000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`outbox_bodies\` (\`messageId\` int NOT NULL, \`html\` text NOT NULL, \`textBody\` text NOT NULL, PRIMARY KEY (\`messageId\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `INSERT INTO \`outbox_bodies\` (\`messageId\`, \`html\`, \`textBody\`) SELECT \`id\`, \`html\`, \`textBody\` FROM \`outbox\``,
    );
    await queryRunner.query(`ALTER TABLE \`outbox\` DROP COLUMN \`html\``);
    await queryRunner.query(`ALTER TABLE \`outbox\` DROP COLUMN \`textBody\``);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`outbox\` ADD \`textBody\` text NOT NULL`);
    await queryRunner.query(`ALTER TABLE \`outbox\` ADD \`html\` text NOT NULL`);
    await queryRunner.query(
      `UPDATE \`outbox\` o JOIN \`outbox_bodies\` b ON b.\`messageId\` = o.\`id\` SET o.\`html\` = b.\`html\`, o.\`textBody\` = b.\`textBody\``,
    );
    await queryRunner.query(`DROP TABLE \`outbox_bodies\``);
  }
}
