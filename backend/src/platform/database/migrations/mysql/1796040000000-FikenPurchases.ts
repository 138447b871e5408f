import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Partner payouts posted to Fiken as purchases: a posting is for a receipt or for a payout (one each),
 * and a partner keeps the id of its supplier contact in Fiken.
 */
export class FikenPurchases1796040000000 implements MigrationInterface {
  name = 'FikenPurchases1796040000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE `fiken_postings` MODIFY `receiptId` int NULL, ADD `payoutId` int NULL AFTER `receiptId`, ' +
        'ADD UNIQUE INDEX `uq_fiken_postings_payout` (`payoutId`)',
    );
    await queryRunner.query('ALTER TABLE `partners` ADD `fikenContactId` varchar(32) NULL');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `partners` DROP COLUMN `fikenContactId`');
    await queryRunner.query('DELETE FROM `fiken_postings` WHERE `receiptId` IS NULL');
    await queryRunner.query(
      'ALTER TABLE `fiken_postings` DROP INDEX `uq_fiken_postings_payout`, DROP COLUMN `payoutId`, MODIFY `receiptId` int NOT NULL',
    );
  }
}
