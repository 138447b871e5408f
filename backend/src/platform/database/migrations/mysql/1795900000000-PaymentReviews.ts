import { MigrationInterface, QueryRunner } from 'typeorm';

/** Renewal payments the shop could not match, waiting for the mentor (the work queue). */
export class PaymentReviews1795900000000 implements MigrationInterface {
  name = 'PaymentReviews1795900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE `payment_reviews` (' +
        '`id` int NOT NULL AUTO_INCREMENT, `provider` varchar(16) NOT NULL, `reference` varchar(255) NOT NULL, ' +
        '`reason` varchar(32) NOT NULL, `providerSubscriptionId` varchar(255) NULL, `subscriptionId` int NULL, `userId` int NULL, ' +
        '`amountOre` int NULL, `currency` varchar(3) NOT NULL, `expectedOre` int NULL, `expectedCurrency` varchar(3) NULL, ' +
        '`resolvedAt` datetime(3) NULL, `resolvedBy` int NULL, `createdAt` datetime(3) NOT NULL, ' +
        'UNIQUE INDEX `uq_payment_reviews_reference` (`provider`, `reference`), INDEX `idx_payment_reviews_open` (`resolvedAt`), ' +
        'PRIMARY KEY (`id`)) ENGINE=InnoDB',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE `payment_reviews`');
  }
}
