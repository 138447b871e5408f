import { MigrationInterface, QueryRunner } from 'typeorm';

/** Live sessions (issue 17): the sessions, the courses each is for, and each student's private calendar feed. */
export class LiveSessions1795500500000 implements MigrationInterface {
  name = 'LiveSessions1795500500000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "live_sessions" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "title" varchar(200) NOT NULL, "description" text, "startsAt" datetime(3) NOT NULL, "durationMinutes" integer NOT NULL, "joinUrl" varchar(500) NOT NULL, "recordingVideoId" varchar(16), "notes" text, "seriesId" varchar(36), "cancelledAt" datetime(3), "sequence" integer NOT NULL DEFAULT (0), "createdBy" integer, "createdAt" datetime(3) NOT NULL, "updatedAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_live_sessions_series" ON "live_sessions" ("seriesId") `);
    await queryRunner.query(`CREATE INDEX "idx_live_sessions_starts" ON "live_sessions" ("startsAt") `);
    await queryRunner.query(
      `CREATE TABLE "live_session_courses" ("sessionId" integer NOT NULL, "courseId" varchar(32) NOT NULL, PRIMARY KEY ("sessionId", "courseId"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_live_session_courses_course" ON "live_session_courses" ("courseId") `);
    await queryRunner.query(
      `CREATE TABLE "calendar_feeds" ("userId" integer PRIMARY KEY NOT NULL, "secret" varchar(64) NOT NULL, "createdAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_calendar_feeds_secret" ON "calendar_feeds" ("secret") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "uq_calendar_feeds_secret"`);
    await queryRunner.query(`DROP TABLE "calendar_feeds"`);
    await queryRunner.query(`DROP INDEX "idx_live_session_courses_course"`);
    await queryRunner.query(`DROP TABLE "live_session_courses"`);
    await queryRunner.query(`DROP INDEX "idx_live_sessions_starts"`);
    await queryRunner.query(`DROP INDEX "idx_live_sessions_series"`);
    await queryRunner.query(`DROP TABLE "live_sessions"`);
  }
}
