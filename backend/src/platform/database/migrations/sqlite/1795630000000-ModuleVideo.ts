import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Module video: a provider per module (YouTube as before, or Mux with signed playback), the Mux
 * playback id, the direct upload and asset it came from, its status, error and length, and a
 * captions file. Existing modules stay on YouTube.
 */
export class ModuleVideo1795630000000 implements MigrationInterface {
  name = 'ModuleVideo1795630000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "modules" ADD COLUMN "videoProvider" varchar(16) NOT NULL DEFAULT ('youtube')`);
    await queryRunner.query(`ALTER TABLE "modules" ADD COLUMN "muxPlaybackId" varchar(100)`);
    await queryRunner.query(`ALTER TABLE "modules" ADD COLUMN "muxUploadId" varchar(100)`);
    await queryRunner.query(`ALTER TABLE "modules" ADD COLUMN "muxAssetId" varchar(100)`);
    await queryRunner.query(`ALTER TABLE "modules" ADD COLUMN "videoStatus" varchar(16)`);
    await queryRunner.query(`ALTER TABLE "modules" ADD COLUMN "videoError" varchar(500)`);
    await queryRunner.query(`ALTER TABLE "modules" ADD COLUMN "videoDurationSeconds" integer`);
    await queryRunner.query(`ALTER TABLE "modules" ADD COLUMN "captionsUrl" varchar(500)`);
    await queryRunner.query(`CREATE INDEX "idx_modules_mux_upload" ON "modules" ("muxUploadId")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_modules_mux_upload"`);
    for (const column of [
      'captionsUrl',
      'videoDurationSeconds',
      'videoError',
      'videoStatus',
      'muxAssetId',
      'muxUploadId',
      'muxPlaybackId',
      'videoProvider',
    ])
      await queryRunner.query(`ALTER TABLE "modules" DROP COLUMN "${column}"`);
  }
}
