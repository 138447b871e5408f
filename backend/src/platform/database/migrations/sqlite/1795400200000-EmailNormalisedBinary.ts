import { MigrationInterface, QueryRunner } from 'typeorm';
import { normaliseStoredEmails } from '../email-normalisation';

/**
 * Every stored e-mail address is rewritten to its normalised spelling; accounts that collapse to
 * one address are reported, not merged (see ../email-normalisation). SQLite already compares text
 * byte for byte (BINARY), so no column changes.
 */
export class EmailNormalisedBinary1795400200000 implements MigrationInterface {
  name = 'EmailNormalisedBinary1795400200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await normaliseStoredEmails(queryRunner, 'sqlite');
  }

  /** The addresses stay normalised: the old spellings are not kept. */
  public async down(): Promise<void> {}
}
