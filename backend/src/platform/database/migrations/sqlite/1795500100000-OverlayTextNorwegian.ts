import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The video overlay's seeded text was SPEC.md's 'coming Nov 2025': English and a date that has passed.
 * A stored value still equal to that seed becomes the Norwegian default (DECISIONS "Course content");
 * a text the mentor wrote is left alone.
 */
export class OverlayTextNorwegian1795500100000 implements MigrationInterface {
  name = 'OverlayTextNorwegian1795500100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "settings" SET "value" = ? WHERE "key" = ? AND "value" = ?`, [
      'Videoen kommer snart',
      'videoOverlayText',
      'coming Nov 2025',
    ]);
  }

  public async down(): Promise<void> {
    // Nothing to undo: the old text is not brought back.
  }
}
