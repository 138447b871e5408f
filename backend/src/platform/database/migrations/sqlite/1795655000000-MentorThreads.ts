import { MigrationInterface, QueryRunner } from 'typeorm';

/** Chart review and the mentor's inbox: threads, their messages and the chart images (files under UPLOAD_DIR). */
export class MentorThreads1795655000000 implements MigrationInterface {
  name = 'MentorThreads1795655000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "mentor_threads" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "userId" integer NOT NULL, "title" varchar(160) NOT NULL, "status" varchar(16) NOT NULL, "queueRank" integer NOT NULL DEFAULT (2), "messageCount" integer NOT NULL DEFAULT (0), "lastMessageAt" datetime(3) NOT NULL, "createdAt" datetime(3) NOT NULL, "updatedAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_mentor_threads_user" ON "mentor_threads" ("userId", "createdAt") `);
    await queryRunner.query(`CREATE INDEX "idx_mentor_threads_queue" ON "mentor_threads" ("queueRank", "lastMessageAt") `);
    await queryRunner.query(
      `CREATE TABLE "mentor_messages" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "threadId" integer NOT NULL, "author" varchar(16) NOT NULL, "authorId" integer, "body" text NOT NULL, "createdAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_mentor_messages_thread" ON "mentor_messages" ("threadId", "id") `);
    await queryRunner.query(
      `CREATE TABLE "mentor_images" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "threadId" integer NOT NULL, "messageId" integer NOT NULL, "userId" integer NOT NULL, "fileName" varchar(64) NOT NULL, "contentType" varchar(32) NOT NULL, "width" integer NOT NULL, "height" integer NOT NULL, "bytes" integer NOT NULL, "createdAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_mentor_images_message" ON "mentor_images" ("messageId") `);
    await queryRunner.query(`CREATE INDEX "idx_mentor_images_user" ON "mentor_images" ("userId") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_mentor_images_user"`);
    await queryRunner.query(`DROP INDEX "idx_mentor_images_message"`);
    await queryRunner.query(`DROP TABLE "mentor_images"`);
    await queryRunner.query(`DROP INDEX "idx_mentor_messages_thread"`);
    await queryRunner.query(`DROP TABLE "mentor_messages"`);
    await queryRunner.query(`DROP INDEX "idx_mentor_threads_queue"`);
    await queryRunner.query(`DROP INDEX "idx_mentor_threads_user"`);
    await queryRunner.query(`DROP TABLE "mentor_threads"`);
  }
}
