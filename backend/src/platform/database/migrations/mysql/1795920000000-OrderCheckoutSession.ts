import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The session that opened an order's checkout (the SHA-256 its sessions row keeps; null for a
 * signed-out buyer): fulfilment leaves that one session signed in (docs/decisions.md "Who gets a session").
 */
export class OrderCheckoutSession1795920000000 implements MigrationInterface {
  name = 'OrderCheckoutSession1795920000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `orders` ADD `checkoutSessionHash` varchar(64) NULL');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `orders` DROP COLUMN `checkoutSessionHash`');
  }
}
