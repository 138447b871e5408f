import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * MVA per course (docs/decisions.md "MVA"): each course's treatment (25 % until the operator chooses)
 * and the exempt part of a split price; each receipt and credit note keeps the lines it was issued with
 * and whether the seller was registered for MVA. The documents issued before keep rendering as they
 * did: one standard line of their stored amounts, seller registered.
 */
export class CourseVatTreatment1795810000000 implements MigrationInterface {
  name = 'CourseVatTreatment1795810000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "courses" ADD COLUMN "vatTreatment" varchar(16) NOT NULL DEFAULT ('standard')`);
    await queryRunner.query(`ALTER TABLE "courses" ADD COLUMN "vatExemptOre" integer`);
    await queryRunner.query(`ALTER TABLE "receipts" ADD COLUMN "vatLines" text`);
    await queryRunner.query(`ALTER TABLE "receipts" ADD COLUMN "sellerVatRegistered" boolean NOT NULL DEFAULT (1)`);
    await queryRunner.query(
      `UPDATE "receipts" SET "vatLines" = '[{"treatment":"standard","vatRatePercent":' || "vatRatePercent" || ',"amountExclVatOre":' || "amountExclVatOre" || ',"vatOre":' || "vatOre" || ',"totalOre":' || "totalOre" || '}]'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "receipts" DROP COLUMN "sellerVatRegistered"`);
    await queryRunner.query(`ALTER TABLE "receipts" DROP COLUMN "vatLines"`);
    await queryRunner.query(`ALTER TABLE "courses" DROP COLUMN "vatExemptOre"`);
    await queryRunner.query(`ALTER TABLE "courses" DROP COLUMN "vatTreatment"`);
  }
}
