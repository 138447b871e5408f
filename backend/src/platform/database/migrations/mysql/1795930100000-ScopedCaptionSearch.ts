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
 * are, with a FULLTEXT index over them in place of the one over the plain text.
 */
export class ScopedCaptionSearch1795930100000 implements MigrationInterface {
  name = 'ScopedCaptionSearch1795930100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`caption_cues\` ADD \`scoped\` text NOT NULL`);
    for (let after = 0; ;) {
      const rows: Array<{ id: number; moduleId: number; plain: string }> = await queryRunner.query(
        `SELECT \`id\`, \`moduleId\`, \`plain\` FROM \`caption_cues\` WHERE \`id\` > ? ORDER BY \`id\` LIMIT 500`,
        [after],
      );
      if (!rows.length) break;
      for (const r of rows)
        await queryRunner.query(`UPDATE \`caption_cues\` SET \`scoped\` = ? WHERE \`id\` = ?`, [
          scopedText(Number(r.moduleId), String(r.plain)),
          r.id,
        ]);
      after = Number(rows[rows.length - 1].id);
    }
    await queryRunner.query(`ALTER TABLE \`caption_cues\` DROP INDEX \`ft_caption_cues_plain\``);
    await queryRunner.query(`ALTER TABLE \`caption_cues\` ADD FULLTEXT INDEX \`ft_caption_cues_scoped\` (\`scoped\`)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`caption_cues\` DROP INDEX \`ft_caption_cues_scoped\``);
    await queryRunner.query(`ALTER TABLE \`caption_cues\` DROP COLUMN \`scoped\``);
    await queryRunner.query(`ALTER TABLE \`caption_cues\` ADD FULLTEXT INDEX \`ft_caption_cues_plain\` (\`plain\`)`);
  }
}
