import { MigrationInterface, QueryRunner } from 'typeorm';

/** Renewal payments the shop could not match, waiting for the mentor (the work queue). */
export class PaymentReviews1795900000000 implements MigrationInterface {
  name = 'PaymentReviews1795900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "payment_reviews" (` +
        `"id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "provider" varchar(16) NOT NULL, "reference" varchar(255) NOT NULL, ` +
        `"reason" varchar(32) NOT NULL, "providerSubscriptionId" varchar(255), "subscriptionId" integer, "userId" integer, ` +
        `"amountOre" integer, "currency" varchar(3) NOT NULL, "expectedOre" integer, "expectedCurrency" varchar(3), ` +
        `"resolvedAt" datetime(3), "resolvedBy" integer, "createdAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_payment_reviews_reference" ON "payment_reviews" ("provider", "reference")`);
    await queryRunner.query(`CREATE INDEX "idx_payment_reviews_open" ON "payment_reviews" ("resolvedAt")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "payment_reviews"`);
  }
}
