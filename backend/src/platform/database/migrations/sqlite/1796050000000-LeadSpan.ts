import { MigrationInterface, QueryRunner } from 'typeorm';

/** Each address's first and last lead on lead_addresses, for the funnel's period (see the MySQL migration). */
export class LeadSpan1796050000000 implements MigrationInterface {
  name = 'LeadSpan1796050000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "lead_addresses" ADD COLUMN "firstLeadAt" datetime(3)`);
    await queryRunner.query(`ALTER TABLE "lead_addresses" ADD COLUMN "lastLeadAt" datetime(3)`);
    await queryRunner.query(
      `UPDATE "lead_addresses" SET "firstLeadAt" = (SELECT MIN("createdAt") FROM "leads" WHERE "addressId" = "lead_addresses"."id"), "lastLeadAt" = (SELECT MAX("createdAt") FROM "leads" WHERE "addressId" = "lead_addresses"."id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_lead_addresses_lead_span" ON "lead_addresses" ("lastLeadAt", "firstLeadAt", "mergedIntoId", "firstVariant", "accountVariant", "userId", "bought") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_lead_addresses_lead_span"`);
    await queryRunner.query(`ALTER TABLE "lead_addresses" DROP COLUMN "lastLeadAt"`);
    await queryRunner.query(`ALTER TABLE "lead_addresses" DROP COLUMN "firstLeadAt"`);
  }
}
