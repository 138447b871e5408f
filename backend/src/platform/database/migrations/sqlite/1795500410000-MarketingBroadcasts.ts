import { MigrationInterface, QueryRunner } from 'typeorm';

/** Marketing broadcasts and their frozen recipient lists (unique per broadcast and address). */
export class MarketingBroadcasts1795500410000 implements MigrationInterface {
  name = 'MarketingBroadcasts1795500410000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "marketing_broadcasts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "subject" varchar(200) NOT NULL, "body" text NOT NULL, "segment" text NOT NULL, "utm" boolean NOT NULL DEFAULT (1), "status" varchar(16) NOT NULL, "sendAt" datetime(3), "listReady" boolean NOT NULL DEFAULT (0), "recipientCount" integer NOT NULL DEFAULT (0), "lastBatchAt" datetime(3), "startedAt" datetime(3), "finishedAt" datetime(3), "createdBy" integer, "createdAt" datetime(3) NOT NULL, "updatedAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_marketing_broadcasts_due" ON "marketing_broadcasts" ("status", "sendAt")`);
    await queryRunner.query(
      `CREATE TABLE "marketing_broadcast_recipients" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "broadcastId" integer NOT NULL, "email" varchar(254) NOT NULL, "userId" integer, "status" varchar(16) NOT NULL DEFAULT ('pending'), "outboxId" integer, "createdAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_marketing_recipient_status" ON "marketing_broadcast_recipients" ("broadcastId", "status")`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_marketing_recipient" ON "marketing_broadcast_recipients" ("broadcastId", "email")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "marketing_broadcast_recipients"`);
    await queryRunner.query(`DROP TABLE "marketing_broadcasts"`);
  }
}
