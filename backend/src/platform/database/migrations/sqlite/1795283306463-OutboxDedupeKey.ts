import { MigrationInterface, QueryRunner } from 'typeorm';

export class OutboxDedupeKey1795283306463 implements MigrationInterface {
  name = 'OutboxDedupeKey1795283306463';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_outbox_due"`);
    await queryRunner.query(`DROP INDEX "idx_outbox_user"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_outbox" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "kind" varchar(32) NOT NULL, "toAddress" varchar(254) NOT NULL, "subject" varchar(300) NOT NULL, "html" text NOT NULL, "textBody" text NOT NULL, "status" varchar(16) NOT NULL DEFAULT ('pending'), "attempts" integer NOT NULL DEFAULT (0), "nextAttemptAt" datetime(3) NOT NULL, "lockedBy" varchar(64), "lockedUntil" datetime(3), "lastError" text, "sentAt" datetime(3), "userId" integer, "createdAt" datetime(3) NOT NULL, "dedupeKey" varchar(100))`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_outbox"("id", "kind", "toAddress", "subject", "html", "textBody", "status", "attempts", "nextAttemptAt", "lockedBy", "lockedUntil", "lastError", "sentAt", "userId", "createdAt") SELECT "id", "kind", "toAddress", "subject", "html", "textBody", "status", "attempts", "nextAttemptAt", "lockedBy", "lockedUntil", "lastError", "sentAt", "userId", "createdAt" FROM "outbox"`,
    );
    await queryRunner.query(`DROP TABLE "outbox"`);
    await queryRunner.query(`ALTER TABLE "temporary_outbox" RENAME TO "outbox"`);
    await queryRunner.query(`CREATE INDEX "idx_outbox_due" ON "outbox" ("status", "nextAttemptAt") `);
    await queryRunner.query(`CREATE INDEX "idx_outbox_user" ON "outbox" ("userId") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_outbox_dedupe" ON "outbox" ("dedupeKey") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "uq_outbox_dedupe"`);
    await queryRunner.query(`DROP INDEX "idx_outbox_user"`);
    await queryRunner.query(`DROP INDEX "idx_outbox_due"`);
    await queryRunner.query(`ALTER TABLE "outbox" RENAME TO "temporary_outbox"`);
    await queryRunner.query(
      `CREATE TABLE "outbox" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "kind" varchar(32) NOT NULL, "toAddress" varchar(254) NOT NULL, "subject" varchar(300) NOT NULL, "html" text NOT NULL, "textBody" text NOT NULL, "status" varchar(16) NOT NULL DEFAULT ('pending'), "attempts" integer NOT NULL DEFAULT (0), "nextAttemptAt" datetime(3) NOT NULL, "lockedBy" varchar(64), "lockedUntil" datetime(3), "lastError" text, "sentAt" datetime(3), "userId" integer, "createdAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(
      `INSERT INTO "outbox"("id", "kind", "toAddress", "subject", "html", "textBody", "status", "attempts", "nextAttemptAt", "lockedBy", "lockedUntil", "lastError", "sentAt", "userId", "createdAt") SELECT "id", "kind", "toAddress", "subject", "html", "textBody", "status", "attempts", "nextAttemptAt", "lockedBy", "lockedUntil", "lastError", "sentAt", "userId", "createdAt" FROM "temporary_outbox"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_outbox"`);
    await queryRunner.query(`CREATE INDEX "idx_outbox_user" ON "outbox" ("userId") `);
    await queryRunner.query(`CREATE INDEX "idx_outbox_due" ON "outbox" ("status", "nextAttemptAt") `);
  }
}
