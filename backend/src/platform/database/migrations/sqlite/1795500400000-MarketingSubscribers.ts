import { MigrationInterface, QueryRunner } from 'typeorm';

/** Marketing e-mail: the list of addresses with their recorded consent (double opt-in, soft opt-in, opt-outs). */
export class MarketingSubscribers1795500400000 implements MigrationInterface {
  name = 'MarketingSubscribers1795500400000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "marketing_subscribers" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "email" varchar(254) NOT NULL, "status" varchar(16) NOT NULL, "previousStatus" varchar(16), "userId" integer, "isLead" boolean NOT NULL DEFAULT (0), "variants" varchar(100) NOT NULL DEFAULT (''), "consentText" text, "consentVersion" varchar(32), "consentAt" datetime(3), "consentSource" varchar(200), "consentIp" varchar(64), "confirmedAt" datetime(3), "unsubscribedAt" datetime(3), "confirmSentAt" datetime(3), "createdAt" datetime(3) NOT NULL, "updatedAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_marketing_subscribers_email" ON "marketing_subscribers" ("email")`);
    await queryRunner.query(`CREATE INDEX "idx_marketing_subscribers_user" ON "marketing_subscribers" ("userId")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "marketing_subscribers"`);
  }
}
