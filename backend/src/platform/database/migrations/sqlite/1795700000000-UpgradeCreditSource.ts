import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An upgrade's credit names the order it came from (the paid Foundation order), so that a refund of
 * that order knows what of it is tied up in the upgrade, and a payment can check the credit still
 * stands. Earlier upgrades get the buyer's latest paid order of the course they upgrade from.
 */
export class UpgradeCreditSource1795700000000 implements MigrationInterface {
  name = 'UpgradeCreditSource1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "orders" ADD COLUMN "upgradeFromOrderId" integer`);
    await queryRunner.query(`CREATE INDEX "idx_orders_upgrade_from" ON "orders" ("upgradeFromOrderId") `);
    await queryRunner.query(
      `UPDATE "orders" SET "upgradeFromOrderId" = (
         SELECT MAX(src."id") FROM "orders" src
         WHERE src."userId" = "orders"."userId" AND src."courseId" = 'foundation' AND src."id" < "orders"."id"
           AND src."refusal" IS NULL AND src."status" IN ('paid', 'partially_refunded', 'refunded')
       )
       WHERE "courseId" = 'accelerator' AND "upgradeCreditOre" > 0`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_orders_upgrade_from"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "upgradeFromOrderId"`);
  }
}
