import { MigrationInterface, QueryRunner } from 'typeorm';

/** Live sessions (issue 17): the sessions, the courses each is for, and each student's private calendar feed. */
export class LiveSessions1795500500000 implements MigrationInterface {
  name = 'LiveSessions1795500500000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`live_sessions\` (\`id\` int NOT NULL AUTO_INCREMENT, \`title\` varchar(200) NOT NULL, \`description\` text NULL, \`startsAt\` datetime(3) NOT NULL, \`durationMinutes\` int NOT NULL, \`joinUrl\` varchar(500) NOT NULL, \`recordingVideoId\` varchar(16) NULL, \`notes\` text NULL, \`seriesId\` varchar(36) NULL, \`cancelledAt\` datetime(3) NULL, \`sequence\` int NOT NULL DEFAULT '0', \`createdBy\` int NULL, \`createdAt\` datetime(3) NOT NULL, \`updatedAt\` datetime(3) NOT NULL, INDEX \`idx_live_sessions_series\` (\`seriesId\`), INDEX \`idx_live_sessions_starts\` (\`startsAt\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`live_session_courses\` (\`sessionId\` int NOT NULL, \`courseId\` varchar(32) NOT NULL, INDEX \`idx_live_session_courses_course\` (\`courseId\`), PRIMARY KEY (\`sessionId\`, \`courseId\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`calendar_feeds\` (\`userId\` int NOT NULL, \`secret\` varchar(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, \`createdAt\` datetime(3) NOT NULL, UNIQUE INDEX \`uq_calendar_feeds_secret\` (\`secret\`), PRIMARY KEY (\`userId\`)) ENGINE=InnoDB`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`uq_calendar_feeds_secret\` ON \`calendar_feeds\``);
    await queryRunner.query(`DROP TABLE \`calendar_feeds\``);
    await queryRunner.query(`DROP INDEX \`idx_live_session_courses_course\` ON \`live_session_courses\``);
    await queryRunner.query(`DROP TABLE \`live_session_courses\``);
    await queryRunner.query(`DROP INDEX \`idx_live_sessions_starts\` ON \`live_sessions\``);
    await queryRunner.query(`DROP INDEX \`idx_live_sessions_series\` ON \`live_sessions\``);
    await queryRunner.query(`DROP TABLE \`live_sessions\``);
  }
}
