import { MigrationInterface, QueryRunner } from 'typeorm';

/** Memberships that renew by themselves: one row per Stripe subscription or Vipps agreement. */
export class Subscriptions1795850000000 implements MigrationInterface {
  name = 'Subscriptions1795850000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "subscriptions" (` +
        `"id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "userId" integer, "productId" varchar(32) NOT NULL, ` +
        `"method" varchar(8) NOT NULL, "status" varchar(16) NOT NULL DEFAULT ('pending'), "orderId" integer NOT NULL, ` +
        `"providerCustomerId" varchar(255), "providerSubscriptionId" varchar(255), "priceOre" integer NOT NULL, ` +
        `"currentPeriodEnd" datetime(3), "cancelAtPeriodEnd" boolean NOT NULL DEFAULT (0), ` +
        `"failedAttempts" integer NOT NULL DEFAULT (0), "graceEndsAt" datetime(3), "endedAt" datetime(3), ` +
        `"createdAt" datetime(3) NOT NULL, "updatedAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_subscriptions_user" ON "subscriptions" ("userId")`);
    await queryRunner.query(`CREATE INDEX "idx_subscriptions_status" ON "subscriptions" ("status")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_subscriptions_order" ON "subscriptions" ("orderId")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_subscriptions_provider" ON "subscriptions" ("providerSubscriptionId")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "subscriptions"`);
  }
}
