import { MigrationInterface, QueryRunner } from 'typeorm';

/** The queue of receipts and credit notes to post to Fiken (one row per document). */
export class FikenPostings1795860000000 implements MigrationInterface {
  name = 'FikenPostings1795860000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE `fiken_postings` (' +
        '`id` int NOT NULL AUTO_INCREMENT, `receiptId` int NOT NULL, `kind` varchar(16) NOT NULL, ' +
        "`state` varchar(16) NOT NULL DEFAULT 'waiting', `attempts` int NOT NULL DEFAULT 0, " +
        '`nextAttemptAt` datetime(3) NOT NULL, `lastError` varchar(1000) NULL, `fikenSaleId` varchar(32) NULL, ' +
        '`leaseUntil` datetime(3) NULL, `leaseOwner` varchar(64) NULL, ' +
        '`createdAt` datetime(3) NOT NULL, `updatedAt` datetime(3) NOT NULL, ' +
        'UNIQUE INDEX `uq_fiken_postings_receipt` (`receiptId`), INDEX `idx_fiken_postings_due` (`state`, `nextAttemptAt`), ' +
        'PRIMARY KEY (`id`)) ENGINE=InnoDB',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE `fiken_postings`');
  }
}
