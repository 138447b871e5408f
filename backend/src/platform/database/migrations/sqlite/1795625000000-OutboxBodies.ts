import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox keeps each message's HTML and text in its own table, `outbox_bodies`, read only when the
 * message is sent or opened. With the bodies in the queue's rows, 100 000 sent mails made `outbox`
 * about 500 MB, and the panel's deep page, search and kind filter read all of it: 1.5–7 s p95 on
 * MariaDB (bench/scale-results.md, "Before"). Existing bodies are moved, not lost.
 */
export class OutboxBodies1795625000000 implements MigrationInterface {
  name = 'OutboxBodies1795625000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "outbox_bodies" ("messageId" integer PRIMARY KEY NOT NULL, "html" text NOT NULL, "textBody" text NOT NULL)`,
    );
    await queryRunner.query(
      `INSERT INTO "outbox_bodies" ("messageId", "html", "textBody") SELECT "id", "html", "textBody" FROM "outbox"`,
    );
    await queryRunner.query(`DROP INDEX "idx_outbox_to"`);
    await queryRunner.query(`DROP INDEX "uq_outbox_dedupe"`);
    await queryRunner.query(`DROP INDEX "idx_outbox_user"`);
    await queryRunner.query(`DROP INDEX "idx_outbox_due"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_outbox" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "kind" varchar(32) NOT NULL, "toAddress" varchar(254) NOT NULL, "subject" varchar(300) NOT NULL, "status" varchar(16) NOT NULL DEFAULT ('pending'), "attempts" integer NOT NULL DEFAULT (0), "nextAttemptAt" datetime(3) NOT NULL, "lockedBy" varchar(64), "lockedUntil" datetime(3), "lastError" text, "sentAt" datetime(3), "userId" integer, "createdAt" datetime(3) NOT NULL, "dedupeKey" varchar(100))`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_outbox"("id", "kind", "toAddress", "subject", "status", "attempts", "nextAttemptAt", "lockedBy", "lockedUntil", "lastError", "sentAt", "userId", "createdAt", "dedupeKey") SELECT "id", "kind", "toAddress", "subject", "status", "attempts", "nextAttemptAt", "lockedBy", "lockedUntil", "lastError", "sentAt", "userId", "createdAt", "dedupeKey" FROM "outbox"`,
    );
    await queryRunner.query(`DROP TABLE "outbox"`);
    await queryRunner.query(`ALTER TABLE "temporary_outbox" RENAME TO "outbox"`);
    await queryRunner.query(`CREATE INDEX "idx_outbox_to" ON "outbox" ("toAddress") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_outbox_dedupe" ON "outbox" ("dedupeKey") `);
    await queryRunner.query(`CREATE INDEX "idx_outbox_user" ON "outbox" ("userId") `);
    await queryRunner.query(`CREATE INDEX "idx_outbox_due" ON "outbox" ("status", "nextAttemptAt") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_outbox_due"`);
    await queryRunner.query(`DROP INDEX "idx_outbox_user"`);
    await queryRunner.query(`DROP INDEX "uq_outbox_dedupe"`);
    await queryRunner.query(`DROP INDEX "idx_outbox_to"`);
    await queryRunner.query(`ALTER TABLE "outbox" RENAME TO "temporary_outbox"`);
    await queryRunner.query(
      `CREATE TABLE "outbox" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "kind" varchar(32) NOT NULL, "toAddress" varchar(254) NOT NULL, "subject" varchar(300) NOT NULL, "html" text NOT NULL, "textBody" text NOT NULL, "status" varchar(16) NOT NULL DEFAULT ('pending'), "attempts" integer NOT NULL DEFAULT (0), "nextAttemptAt" datetime(3) NOT NULL, "lockedBy" varchar(64), "lockedUntil" datetime(3), "lastError" text, "sentAt" datetime(3), "userId" integer, "createdAt" datetime(3) NOT NULL, "dedupeKey" varchar(100))`,
    );
    await queryRunner.query(
      `INSERT INTO "outbox"("id", "kind", "toAddress", "subject", "html", "textBody", "status", "attempts", "nextAttemptAt", "lockedBy", "lockedUntil", "lastError", "sentAt", "userId", "createdAt", "dedupeKey") SELECT t."id", t."kind", t."toAddress", t."subject", COALESCE(b."html", ''), COALESCE(b."textBody", ''), t."status", t."attempts", t."nextAttemptAt", t."lockedBy", t."lockedUntil", t."lastError", t."sentAt", t."userId", t."createdAt", t."dedupeKey" FROM "temporary_outbox" t LEFT JOIN "outbox_bodies" b ON b."messageId" = t."id"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_outbox"`);
    await queryRunner.query(`CREATE INDEX "idx_outbox_due" ON "outbox" ("status", "nextAttemptAt") `);
    await queryRunner.query(`CREATE INDEX "idx_outbox_user" ON "outbox" ("userId") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_outbox_dedupe" ON "outbox" ("dedupeKey") `);
    await queryRunner.query(`CREATE INDEX "idx_outbox_to" ON "outbox" ("toAddress") `);
    await queryRunner.query(`DROP TABLE "outbox_bodies"`);
  }
}
