import { MigrationInterface, QueryRunner } from 'typeorm';

/** Memberships that renew by themselves: one row per Stripe subscription or Vipps agreement. */
export class Subscriptions1795850000000 implements MigrationInterface {
  name = 'Subscriptions1795850000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE `subscriptions` (' +
        '`id` int NOT NULL AUTO_INCREMENT, `userId` int NULL, `productId` varchar(32) NOT NULL, ' +
        "`method` varchar(8) NOT NULL, `status` varchar(16) NOT NULL DEFAULT 'pending', `orderId` int NOT NULL, " +
        '`providerCustomerId` varchar(255) NULL, `providerSubscriptionId` varchar(255) NULL, `priceOre` int NOT NULL, ' +
        '`currentPeriodEnd` datetime(3) NULL, `cancelAtPeriodEnd` tinyint NOT NULL DEFAULT 0, ' +
        '`failedAttempts` int NOT NULL DEFAULT 0, `graceEndsAt` datetime(3) NULL, `endedAt` datetime(3) NULL, ' +
        '`createdAt` datetime(3) NOT NULL, `updatedAt` datetime(3) NOT NULL, ' +
        'INDEX `idx_subscriptions_user` (`userId`), INDEX `idx_subscriptions_status` (`status`), ' +
        'UNIQUE INDEX `uq_subscriptions_order` (`orderId`), UNIQUE INDEX `uq_subscriptions_provider` (`providerSubscriptionId`), ' +
        'PRIMARY KEY (`id`)) ENGINE=InnoDB',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE `subscriptions`');
  }
}
