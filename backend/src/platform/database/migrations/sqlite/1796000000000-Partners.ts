import { MigrationInterface, QueryRunner } from 'typeorm';

/** Partners (affiliates): their codes, the commission ledger, payouts and clicks per day. */
export class Partners1796000000000 implements MigrationInterface {
  name = 'Partners1796000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "partners" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "userId" integer, "name" varchar(200), "email" varchar(254), "commissionBp" integer, "commissionOre" integer, "includeRenewals" boolean NOT NULL DEFAULT (0), "createdAt" datetime(3) NOT NULL, "updatedAt" datetime(3) NOT NULL, "erasedAt" datetime(3), "eraseAfterPayout" boolean NOT NULL DEFAULT (0))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_partners_user" ON "partners" ("userId") `);
    await queryRunner.query(
      `CREATE TABLE "partner_codes" ("code" varchar(40) PRIMARY KEY NOT NULL, "partnerId" integer NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_partner_codes_partner" ON "partner_codes" ("partnerId") `);
    await queryRunner.query(
      `CREATE TABLE "partner_commissions" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "partnerId" integer NOT NULL, "orderId" integer NOT NULL, "courseId" varchar(32) NOT NULL, "code" varchar(40), "kind" varchar(8) NOT NULL, "baseOre" integer NOT NULL, "earnedOre" integer NOT NULL, "amountOre" integer NOT NULL, "status" varchar(8) NOT NULL DEFAULT ('pending'), "approvesAt" datetime(3) NOT NULL, "payoutId" integer, "createdAt" datetime(3) NOT NULL, "updatedAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_partner_commissions_order" ON "partner_commissions" ("orderId") `);
    await queryRunner.query(`CREATE INDEX "idx_partner_commissions_partner" ON "partner_commissions" ("partnerId", "status") `);
    await queryRunner.query(`CREATE INDEX "idx_partner_commissions_payout" ON "partner_commissions" ("payoutId") `);
    await queryRunner.query(
      `CREATE TABLE "partner_payouts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "partnerId" integer NOT NULL, "paidOn" varchar(10) NOT NULL, "reference" varchar(140) NOT NULL, "totalOre" integer NOT NULL, "commissions" integer NOT NULL, "createdBy" integer, "createdAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_partner_payouts_partner" ON "partner_payouts" ("partnerId") `);
    await queryRunner.query(
      `CREATE TABLE "partner_clicks" ("partnerId" integer NOT NULL, "day" varchar(10) NOT NULL, "clicks" integer NOT NULL DEFAULT (0), PRIMARY KEY ("partnerId", "day"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "partner_clicks"`);
    await queryRunner.query(`DROP TABLE "partner_payouts"`);
    await queryRunner.query(`DROP TABLE "partner_commissions"`);
    await queryRunner.query(`DROP TABLE "partner_codes"`);
    await queryRunner.query(`DROP TABLE "partners"`);
  }
}
