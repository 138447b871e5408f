import { MigrationInterface, QueryRunner } from 'typeorm';
import { normaliseStoredEmails } from '../email-normalisation';

/** The e-mail columns and whether they may be NULL. */
const COLUMNS: Array<[table: string, column: string, nullable: boolean]> = [
  ['users', 'email', false],
  ['leads', 'email', false],
  ['orders', 'email', false],
  ['outbox', 'toAddress', false],
  ['audit_log', 'actorEmail', true],
];

/**
 * E-mail addresses are compared byte for byte (utf8mb4_bin): utf8mb4_unicode_ci made `ola@gmail.com`,
 * `ola@gmäil.com`, full-width letters and `ß`/`ss` equal, so several spellings reached one account.
 * Then every stored address is rewritten to its normalised spelling; accounts that collapse to one
 * address are reported, not merged (see ../email-normalisation).
 */
export class EmailNormalisedBinary1795400200000 implements MigrationInterface {
  name = 'EmailNormalisedBinary1795400200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const [table, column, nullable] of COLUMNS)
      await queryRunner.query(
        `ALTER TABLE \`${table}\` MODIFY \`${column}\` varchar(254) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin ${nullable ? 'NULL' : 'NOT NULL'}`,
      );
    await normaliseStoredEmails(queryRunner, 'mysql');
  }

  /**
   * Back to the database's former collation; the addresses stay normalised. Fails on the unique
   * index if two accounts now differ only in a way unicode_ci ignores (`ß`/`ss`, accents).
   */
  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table, column, nullable] of COLUMNS)
      await queryRunner.query(
        `ALTER TABLE \`${table}\` MODIFY \`${column}\` varchar(254) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci ${nullable ? 'NULL' : 'NOT NULL'}`,
      );
  }
}
