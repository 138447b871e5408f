import { MigrationInterface, QueryRunner } from 'typeorm';

/** The dashboard's funnel: one row per address and each lead's address id (see the MySQL migration). */
export class LeadAddresses1795628000000 implements MigrationInterface {
  name = 'LeadAddresses1795628000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "lead_addresses" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "email" varchar(254) NOT NULL, "firstVariant" varchar(16), "userId" integer, "accountVariant" varchar(16), "bought" boolean NOT NULL DEFAULT (0))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_lead_addresses_email" ON "lead_addresses" ("email") `);
    await queryRunner.query(`CREATE INDEX "idx_lead_addresses_user" ON "lead_addresses" ("userId") `);
    await queryRunner.query(`ALTER TABLE "leads" ADD COLUMN "addressId" integer`);
    await queryRunner.query(`CREATE INDEX "idx_leads_address" ON "leads" ("addressId") `);
    await queryRunner.query(`CREATE INDEX "idx_leads_created_address" ON "leads" ("createdAt", "addressId", "trafficSource") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_leads_created_address"`);
    await queryRunner.query(`DROP INDEX "idx_leads_address"`);
    await queryRunner.query(`ALTER TABLE "leads" DROP COLUMN "addressId"`);
    await queryRunner.query(`DROP INDEX "idx_lead_addresses_user"`);
    await queryRunner.query(`DROP INDEX "uq_lead_addresses_email"`);
    await queryRunner.query(`DROP TABLE "lead_addresses"`);
  }
}
