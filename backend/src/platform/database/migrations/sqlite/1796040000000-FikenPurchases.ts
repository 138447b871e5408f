import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Partner payouts posted to Fiken as purchases: a posting is for a receipt or for a payout (one each),
 * and a partner keeps the id of its supplier contact in Fiken. SQLite cannot drop a NOT NULL, so the
 * queue table is rebuilt.
 */
export class FikenPurchases1796040000000 implements MigrationInterface {
  name = 'FikenPurchases1796040000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "fiken_postings_new" (` +
        `"id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "receiptId" integer, "payoutId" integer, "kind" varchar(16) NOT NULL, ` +
        `"state" varchar(16) NOT NULL DEFAULT ('waiting'), "attempts" integer NOT NULL DEFAULT (0), ` +
        `"nextAttemptAt" datetime(3) NOT NULL, "lastError" varchar(1000), "fikenSaleId" varchar(32), ` +
        `"leaseUntil" datetime(3), "leaseOwner" varchar(64), ` +
        `"createdAt" datetime(3) NOT NULL, "updatedAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(
      `INSERT INTO "fiken_postings_new" ("id", "receiptId", "kind", "state", "attempts", "nextAttemptAt", "lastError", ` +
        `"fikenSaleId", "leaseUntil", "leaseOwner", "createdAt", "updatedAt") ` +
        `SELECT "id", "receiptId", "kind", "state", "attempts", "nextAttemptAt", "lastError", ` +
        `"fikenSaleId", "leaseUntil", "leaseOwner", "createdAt", "updatedAt" FROM "fiken_postings"`,
    );
    await queryRunner.query(`DROP TABLE "fiken_postings"`);
    await queryRunner.query(`ALTER TABLE "fiken_postings_new" RENAME TO "fiken_postings"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_fiken_postings_receipt" ON "fiken_postings" ("receiptId")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_fiken_postings_payout" ON "fiken_postings" ("payoutId")`);
    await queryRunner.query(`CREATE INDEX "idx_fiken_postings_due" ON "fiken_postings" ("state", "nextAttemptAt")`);
    await queryRunner.query(`ALTER TABLE "partners" ADD COLUMN "fikenContactId" varchar(32)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "partners" DROP COLUMN "fikenContactId"`);
    await queryRunner.query(`DELETE FROM "fiken_postings" WHERE "receiptId" IS NULL`);
    await queryRunner.query(`DROP INDEX "uq_fiken_postings_payout"`);
    await queryRunner.query(`ALTER TABLE "fiken_postings" DROP COLUMN "payoutId"`);
  }
}
