import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Captions and transcripts (issue 37): each module's captions (state, origin) and their timed lines,
 * the draft and the approved version, with an FTS5 index over the lines' plain text kept by triggers.
 * The unicode61 tokenizer folds case and keeps æ, ø and å as they are (remove_diacritics 0).
 */
export class ModuleCaptions1795820000000 implements MigrationInterface {
  name = 'ModuleCaptions1795820000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "module_captions" ("moduleId" integer PRIMARY KEY NOT NULL, "state" varchar(16) NOT NULL, "source" varchar(16) NOT NULL, "muxAssetId" varchar(100), "muxTrackId" varchar(100), "approvedAt" datetime(3), "createdAt" datetime(3) NOT NULL, "updatedAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE TABLE "caption_cues" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "moduleId" integer NOT NULL, "approved" boolean NOT NULL, "position" integer NOT NULL, "startMs" integer NOT NULL, "endMs" integer NOT NULL, "settings" varchar(200) NOT NULL DEFAULT (''), "text" text NOT NULL, "plain" text NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_caption_cues_module" ON "caption_cues" ("moduleId", "approved", "position")`);
    await queryRunner.query(
      `CREATE VIRTUAL TABLE "caption_cues_fts" USING fts5("plain", content='caption_cues', content_rowid='id', tokenize='unicode61 remove_diacritics 0')`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "caption_cues_ai" AFTER INSERT ON "caption_cues" BEGIN INSERT INTO "caption_cues_fts"(rowid, "plain") VALUES (new."id", new."plain"); END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "caption_cues_ad" AFTER DELETE ON "caption_cues" BEGIN INSERT INTO "caption_cues_fts"("caption_cues_fts", rowid, "plain") VALUES ('delete', old."id", old."plain"); END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "caption_cues_au" AFTER UPDATE ON "caption_cues" BEGIN INSERT INTO "caption_cues_fts"("caption_cues_fts", rowid, "plain") VALUES ('delete', old."id", old."plain"); INSERT INTO "caption_cues_fts"(rowid, "plain") VALUES (new."id", new."plain"); END`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "caption_cues_au"`);
    await queryRunner.query(`DROP TRIGGER "caption_cues_ad"`);
    await queryRunner.query(`DROP TRIGGER "caption_cues_ai"`);
    await queryRunner.query(`DROP TABLE "caption_cues_fts"`);
    await queryRunner.query(`DROP INDEX "idx_caption_cues_module"`);
    await queryRunner.query(`DROP TABLE "caption_cues"`);
    await queryRunner.query(`DROP TABLE "module_captions"`);
  }
}
