import { MigrationInterface, QueryRunner } from 'typeorm';

/** Checkout reminders (docs/decisions.md "Checkout reminders"): the plans and each reminder sent, one per (plan, number). */
export class CheckoutReminders1796010000000 implements MigrationInterface {
  name = 'CheckoutReminders1796010000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "checkout_reminder_plans" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "email" varchar(254) NOT NULL, "courseId" varchar(32) NOT NULL, "orderId" integer NOT NULL, "consentAt" datetime(3), "consentText" varchar(200), "startedAt" datetime(3) NOT NULL, "lastCheckoutAt" datetime(3) NOT NULL, "stoppedAt" datetime(3), "stopReason" varchar(16), "recoveredOrderId" integer, "recoveredOre" integer)`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_checkout_reminder_plans_open" ON "checkout_reminder_plans" ("stoppedAt", "lastCheckoutAt")`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_checkout_reminder_plans_address" ON "checkout_reminder_plans" ("email", "courseId")`,
    );
    await queryRunner.query(`CREATE INDEX "idx_checkout_reminder_plans_started" ON "checkout_reminder_plans" ("startedAt")`);
    await queryRunner.query(
      `CREATE TABLE "checkout_reminders" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "planId" integer NOT NULL, "number" integer NOT NULL, "basis" varchar(16) NOT NULL, "basisDetail" varchar(300) NOT NULL, "sentAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_checkout_reminders_plan_number" ON "checkout_reminders" ("planId", "number")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "checkout_reminders"`);
    await queryRunner.query(`DROP TABLE "checkout_reminder_plans"`);
  }
}
