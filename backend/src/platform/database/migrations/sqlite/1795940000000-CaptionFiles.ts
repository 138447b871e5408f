import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Captions files kept as given (docs/decisions.md "Course content"): each module's draft and
 * approved WebVTT file, header, identifiers and NOTE, STYLE and REGION blocks included. Captions
 * saved before keep being served from their cues.
 */
export class CaptionFiles1795940000000 implements MigrationInterface {
  name = 'CaptionFiles1795940000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "caption_files" ("moduleId" integer NOT NULL, "approved" boolean NOT NULL, "vtt" text NOT NULL, PRIMARY KEY ("moduleId", "approved"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "caption_files"`);
  }
}
