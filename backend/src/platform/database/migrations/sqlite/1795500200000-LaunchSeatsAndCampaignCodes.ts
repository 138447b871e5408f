import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The launch price as a rule (a seat per student and course, taken at payment) and campaign codes
 * (the code and its discount on the order, and when the order's checkout stops being payable).
 */
export class LaunchSeatsAndCampaignCodes1795500200000 implements MigrationInterface {
  name = 'LaunchSeatsAndCampaignCodes1795500200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "launch_seats" ("courseId" varchar(32) NOT NULL, "userId" integer NOT NULL, "orderId" integer, "takenAt" datetime(3) NOT NULL, PRIMARY KEY ("courseId", "userId"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "campaign_codes" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "code" varchar(40) NOT NULL, "percentOff" integer, "amountOffOre" integer, "courseIds" text NOT NULL, "validFrom" datetime(3), "validTo" datetime(3), "maxUses" integer, "uses" integer NOT NULL DEFAULT (0), "active" boolean NOT NULL DEFAULT (1), "createdAt" datetime(3) NOT NULL, "updatedAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_campaign_codes_code" ON "campaign_codes" ("code") `);
    await queryRunner.query(`ALTER TABLE "orders" ADD COLUMN "campaignCode" varchar(40)`);
    await queryRunner.query(`ALTER TABLE "orders" ADD COLUMN "discountOre" integer NOT NULL DEFAULT (0)`);
    await queryRunner.query(`ALTER TABLE "orders" ADD COLUMN "expiresAt" datetime(3)`);
    await queryRunner.query(`CREATE INDEX "idx_orders_campaign_code" ON "orders" ("campaignCode") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_orders_campaign_code"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "expiresAt"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "discountOre"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "campaignCode"`);
    await queryRunner.query(`DROP INDEX "uq_campaign_codes_code"`);
    await queryRunner.query(`DROP TABLE "campaign_codes"`);
    await queryRunner.query(`DROP TABLE "launch_seats"`);
  }
}
