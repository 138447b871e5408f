import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The order's reference at its payment provider is named for what it holds: a Stripe Checkout Session
 * id, a Vipps ePayment reference or a demo payment's id (it was `stripeSessionId`). Still unique.
 */
export class OrderProviderReference1795760000000 implements MigrationInterface {
  name = 'OrderProviderReference1795760000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "uq_orders_stripe_session"`);
    await queryRunner.query(`ALTER TABLE "orders" RENAME COLUMN "stripeSessionId" TO "providerReference"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_orders_provider_reference" ON "orders" ("providerReference") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "uq_orders_provider_reference"`);
    await queryRunner.query(`ALTER TABLE "orders" RENAME COLUMN "providerReference" TO "stripeSessionId"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_orders_stripe_session" ON "orders" ("stripeSessionId") `);
  }
}
