import { MigrationInterface, QueryRunner } from 'typeorm';

/** The queue of receipts and credit notes to post to Fiken (one row per document). */
export class FikenPostings1795860000000 implements MigrationInterface {
  name = 'FikenPostings1795860000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "fiken_postings" (` +
        `"id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "receiptId" integer NOT NULL, "kind" varchar(16) NOT NULL, ` +
        `"state" varchar(16) NOT NULL DEFAULT ('waiting'), "attempts" integer NOT NULL DEFAULT (0), ` +
        `"nextAttemptAt" datetime(3) NOT NULL, "lastError" varchar(1000), "fikenSaleId" varchar(32), ` +
        `"leaseUntil" datetime(3), "leaseOwner" varchar(64), ` +
        `"createdAt" datetime(3) NOT NULL, "updatedAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_fiken_postings_receipt" ON "fiken_postings" ("receiptId")`);
    await queryRunner.query(`CREATE INDEX "idx_fiken_postings_due" ON "fiken_postings" ("state", "nextAttemptAt")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "fiken_postings"`);
  }
}
