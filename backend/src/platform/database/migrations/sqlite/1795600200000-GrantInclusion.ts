import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Inclusion (DECISIONS "One catalogue, one price"): a grant of a larger product opens the courses it
 * includes as `included` grants tied to it. Active grants from before get theirs: Accelerator opens
 * Foundation, VIP opens Kryptovaluta, Microkurs and Temakurs (the catalogue's rule at this time).
 */
export class GrantInclusion1795600200000 implements MigrationInterface {
  name = 'GrantInclusion1795600200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "grants" ADD COLUMN "includedByGrantId" integer`);
    await queryRunner.query(`CREATE INDEX "idx_grants_included_by" ON "grants" ("includedByGrantId") `);
    const rules: Array<[string, string]> = [
      ['accelerator', 'foundation'],
      ['vip', 'kryptovaluta'],
      ['vip', 'microkurs'],
      ['vip', 'temakurs'],
    ];
    for (const [product, included] of rules) {
      await queryRunner.query(
        `INSERT INTO "grants" ("userId", "courseId", "source", "orderId", "note", "grantedBy", "grantedAt", "revokedAt", "revokedBy", "includedByGrantId")
         SELECT "userId", ?, 'included', NULL, NULL, "grantedBy", "grantedAt", NULL, NULL, "id"
         FROM "grants" WHERE "courseId" = ? AND "revokedAt" IS NULL`,
        [included, product],
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "grants" WHERE "includedByGrantId" IS NOT NULL`);
    await queryRunner.query(`DROP INDEX "idx_grants_included_by"`);
    await queryRunner.query(`ALTER TABLE "grants" DROP COLUMN "includedByGrantId"`);
  }
}
