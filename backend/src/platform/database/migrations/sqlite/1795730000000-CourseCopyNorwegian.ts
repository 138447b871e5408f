import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two seeded course descriptions were not Norwegian as written: "trading fundament" is one word and
 * "Crypto trading spesialisering" mixed languages. A description still equal to its seed gets the
 * corrected text; one the mentor wrote is left alone.
 */
export class CourseCopyNorwegian1795730000000 implements MigrationInterface {
  name = 'CourseCopyNorwegian1795730000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const [id, before, after] of [
      ['foundation', 'Komplett trading fundament', 'Komplett tradingfundament'],
      ['kryptovaluta', 'Crypto trading spesialisering', 'Spesialisering i kryptotrading'],
    ]) {
      await queryRunner.query('UPDATE "courses" SET "description" = ? WHERE "id" = ? AND "description" = ?', [after, id, before]);
    }
  }

  public async down(): Promise<void> {
    // Nothing to undo: the old texts are not brought back.
  }
}
