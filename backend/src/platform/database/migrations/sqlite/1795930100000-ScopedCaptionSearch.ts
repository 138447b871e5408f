import { MigrationInterface, QueryRunner } from 'typeorm';

/** The words of a line, each tagged with its module (as catalog/captions/scoped-words.ts writes them). */
function scopedText(moduleId: number, plain: string): string {
  const tag = `m${Math.trunc(moduleId).toString(36).padStart(6, '0')}`;
  const words = plain.toLocaleLowerCase('nb-NO').match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)]
    .map((w) => `${tag}${w}`)
    .filter((t) => t.length <= 84)
    .join(' ');
}

/**
 * Search reads only the viewer's modules, in the full-text query itself (docs/decisions.md
 * "Course content"): each caption line's words tagged with its module (`scoped`), filled for the lines there
 * are, with an FTS5 index over them kept by triggers in place of the one over the plain text.
 */
export class ScopedCaptionSearch1795930100000 implements MigrationInterface {
  name = 'ScopedCaptionSearch1795930100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const t of ['caption_cues_au', 'caption_cues_ad', 'caption_cues_ai']) await queryRunner.query(`DROP TRIGGER "${t}"`);
    await queryRunner.query(`DROP TABLE "caption_cues_fts"`);
    await queryRunner.query(`ALTER TABLE "caption_cues" ADD COLUMN "scoped" text NOT NULL DEFAULT ('')`);
    for (let after = 0; ;) {
      const rows: Array<{ id: number; moduleId: number; plain: string }> = await queryRunner.query(
        `SELECT "id", "moduleId", "plain" FROM "caption_cues" WHERE "id" > ? ORDER BY "id" LIMIT 500`,
        [after],
      );
      if (!rows.length) break;
      for (const r of rows)
        await queryRunner.query(`UPDATE "caption_cues" SET "scoped" = ? WHERE "id" = ?`, [scopedText(r.moduleId, r.plain), r.id]);
      after = rows[rows.length - 1].id;
    }
    await queryRunner.query(
      `CREATE VIRTUAL TABLE "caption_cues_fts" USING fts5("scoped", content='caption_cues', content_rowid='id', tokenize='unicode61 remove_diacritics 0')`,
    );
    await queryRunner.query(`INSERT INTO "caption_cues_fts"("caption_cues_fts") VALUES ('rebuild')`);
    await queryRunner.query(
      `CREATE TRIGGER "caption_cues_scoped_ai" AFTER INSERT ON "caption_cues" BEGIN INSERT INTO "caption_cues_fts"(rowid, "scoped") VALUES (new."id", new."scoped"); END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "caption_cues_scoped_ad" AFTER DELETE ON "caption_cues" BEGIN INSERT INTO "caption_cues_fts"("caption_cues_fts", rowid, "scoped") VALUES ('delete', old."id", old."scoped"); END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "caption_cues_scoped_au" AFTER UPDATE ON "caption_cues" BEGIN INSERT INTO "caption_cues_fts"("caption_cues_fts", rowid, "scoped") VALUES ('delete', old."id", old."scoped"); INSERT INTO "caption_cues_fts"(rowid, "scoped") VALUES (new."id", new."scoped"); END`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const t of ['caption_cues_scoped_au', 'caption_cues_scoped_ad', 'caption_cues_scoped_ai'])
      await queryRunner.query(`DROP TRIGGER "${t}"`);
    await queryRunner.query(`DROP TABLE "caption_cues_fts"`);
    await queryRunner.query(`ALTER TABLE "caption_cues" DROP COLUMN "scoped"`);
    await queryRunner.query(
      `CREATE VIRTUAL TABLE "caption_cues_fts" USING fts5("plain", content='caption_cues', content_rowid='id', tokenize='unicode61 remove_diacritics 0')`,
    );
    await queryRunner.query(`INSERT INTO "caption_cues_fts"("caption_cues_fts") VALUES ('rebuild')`);
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
}
