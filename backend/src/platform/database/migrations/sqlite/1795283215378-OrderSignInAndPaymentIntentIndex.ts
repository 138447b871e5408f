import { MigrationInterface, QueryRunner } from 'typeorm';

export class OrderSignInAndPaymentIntentIndex1795283215378 implements MigrationInterface {
  name = 'OrderSignInAndPaymentIntentIndex1795283215378';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_orders_created"`);
    await queryRunner.query(`DROP INDEX "uq_orders_stripe_session"`);
    await queryRunner.query(`DROP INDEX "idx_orders_status"`);
    await queryRunner.query(`DROP INDEX "idx_orders_email"`);
    await queryRunner.query(`DROP INDEX "idx_orders_user"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_orders" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "userId" integer, "email" varchar(254) NOT NULL, "firstName" varchar(100) NOT NULL, "lastName" varchar(100) NOT NULL, "courseId" varchar(32) NOT NULL, "amountOre" integer NOT NULL, "currency" varchar(3) NOT NULL DEFAULT ('NOK'), "paymentMethod" varchar(16) NOT NULL, "provider" varchar(16) NOT NULL, "status" varchar(24) NOT NULL DEFAULT ('pending'), "stripeSessionId" varchar(255), "stripePaymentIntentId" varchar(255), "refundedOre" integer NOT NULL DEFAULT (0), "termsAcceptedAt" datetime(3), "createdAt" datetime(3) NOT NULL, "updatedAt" datetime(3) NOT NULL, "paidAt" datetime(3), "anonymisedAt" datetime(3), "trafficSource" varchar(16), "landingPath" varchar(200), "referrer" varchar(300), "utmSource" varchar(100), "utmMedium" varchar(100), "utmCampaign" varchar(100), "utmTerm" varchar(100), "utmContent" varchar(100), "buyerSignedInAt" datetime(3))`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_orders"("id", "userId", "email", "firstName", "lastName", "courseId", "amountOre", "currency", "paymentMethod", "provider", "status", "stripeSessionId", "stripePaymentIntentId", "refundedOre", "termsAcceptedAt", "createdAt", "updatedAt", "paidAt", "anonymisedAt", "trafficSource", "landingPath", "referrer", "utmSource", "utmMedium", "utmCampaign", "utmTerm", "utmContent") SELECT "id", "userId", "email", "firstName", "lastName", "courseId", "amountOre", "currency", "paymentMethod", "provider", "status", "stripeSessionId", "stripePaymentIntentId", "refundedOre", "termsAcceptedAt", "createdAt", "updatedAt", "paidAt", "anonymisedAt", "trafficSource", "landingPath", "referrer", "utmSource", "utmMedium", "utmCampaign", "utmTerm", "utmContent" FROM "orders"`,
    );
    await queryRunner.query(`DROP TABLE "orders"`);
    await queryRunner.query(`ALTER TABLE "temporary_orders" RENAME TO "orders"`);
    await queryRunner.query(`CREATE INDEX "idx_orders_created" ON "orders" ("createdAt") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_orders_stripe_session" ON "orders" ("stripeSessionId") `);
    await queryRunner.query(`CREATE INDEX "idx_orders_status" ON "orders" ("status") `);
    await queryRunner.query(`CREATE INDEX "idx_orders_email" ON "orders" ("email") `);
    await queryRunner.query(`CREATE INDEX "idx_orders_user" ON "orders" ("userId") `);
    await queryRunner.query(`CREATE INDEX "idx_orders_payment_intent" ON "orders" ("stripePaymentIntentId") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_orders_payment_intent"`);
    await queryRunner.query(`DROP INDEX "idx_orders_user"`);
    await queryRunner.query(`DROP INDEX "idx_orders_email"`);
    await queryRunner.query(`DROP INDEX "idx_orders_status"`);
    await queryRunner.query(`DROP INDEX "uq_orders_stripe_session"`);
    await queryRunner.query(`DROP INDEX "idx_orders_created"`);
    await queryRunner.query(`ALTER TABLE "orders" RENAME TO "temporary_orders"`);
    await queryRunner.query(
      `CREATE TABLE "orders" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "userId" integer, "email" varchar(254) NOT NULL, "firstName" varchar(100) NOT NULL, "lastName" varchar(100) NOT NULL, "courseId" varchar(32) NOT NULL, "amountOre" integer NOT NULL, "currency" varchar(3) NOT NULL DEFAULT ('NOK'), "paymentMethod" varchar(16) NOT NULL, "provider" varchar(16) NOT NULL, "status" varchar(24) NOT NULL DEFAULT ('pending'), "stripeSessionId" varchar(255), "stripePaymentIntentId" varchar(255), "refundedOre" integer NOT NULL DEFAULT (0), "termsAcceptedAt" datetime(3), "createdAt" datetime(3) NOT NULL, "updatedAt" datetime(3) NOT NULL, "paidAt" datetime(3), "anonymisedAt" datetime(3), "trafficSource" varchar(16), "landingPath" varchar(200), "referrer" varchar(300), "utmSource" varchar(100), "utmMedium" varchar(100), "utmCampaign" varchar(100), "utmTerm" varchar(100), "utmContent" varchar(100))`,
    );
    await queryRunner.query(
      `INSERT INTO "orders"("id", "userId", "email", "firstName", "lastName", "courseId", "amountOre", "currency", "paymentMethod", "provider", "status", "stripeSessionId", "stripePaymentIntentId", "refundedOre", "termsAcceptedAt", "createdAt", "updatedAt", "paidAt", "anonymisedAt", "trafficSource", "landingPath", "referrer", "utmSource", "utmMedium", "utmCampaign", "utmTerm", "utmContent") SELECT "id", "userId", "email", "firstName", "lastName", "courseId", "amountOre", "currency", "paymentMethod", "provider", "status", "stripeSessionId", "stripePaymentIntentId", "refundedOre", "termsAcceptedAt", "createdAt", "updatedAt", "paidAt", "anonymisedAt", "trafficSource", "landingPath", "referrer", "utmSource", "utmMedium", "utmCampaign", "utmTerm", "utmContent" FROM "temporary_orders"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_orders"`);
    await queryRunner.query(`CREATE INDEX "idx_orders_user" ON "orders" ("userId") `);
    await queryRunner.query(`CREATE INDEX "idx_orders_email" ON "orders" ("email") `);
    await queryRunner.query(`CREATE INDEX "idx_orders_status" ON "orders" ("status") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_orders_stripe_session" ON "orders" ("stripeSessionId") `);
    await queryRunner.query(`CREATE INDEX "idx_orders_created" ON "orders" ("createdAt") `);
  }
}
