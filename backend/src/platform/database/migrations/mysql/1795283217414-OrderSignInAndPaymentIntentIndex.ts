import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders: when the success page signed a new passwordless buyer in (once per order), and an index
 * on the payment intent (charge.refunded finds its order by it).
 * Generated, then trimmed to these two changes: MariaDB's generator also re-emits every nullable
 * column and the audit index of the initial migration, which are unchanged.
 */
export class OrderSignInAndPaymentIntentIndex1795283217414 implements MigrationInterface {
  name = 'OrderSignInAndPaymentIntentIndex1795283217414';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`orders\` ADD \`buyerSignedInAt\` datetime(3) NULL`);
    await queryRunner.query(`CREATE INDEX \`idx_orders_payment_intent\` ON \`orders\` (\`stripePaymentIntentId\`)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`idx_orders_payment_intent\` ON \`orders\``);
    await queryRunner.query(`ALTER TABLE \`orders\` DROP COLUMN \`buyerSignedInAt\``);
  }
}
