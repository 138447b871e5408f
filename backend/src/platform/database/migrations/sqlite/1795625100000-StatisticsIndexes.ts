import { MigrationInterface, QueryRunner } from 'typeorm';

/** Indexes for the dashboard's money per week: orders by payment time, refunds by time (see the MySQL migration). */
export class StatisticsIndexes1795625100000 implements MigrationInterface {
  name = 'StatisticsIndexes1795625100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "idx_orders_paid" ON "orders" ("paidAt") `);
    await queryRunner.query(`CREATE INDEX "idx_refunds_created" ON "refunds" ("createdAt") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_refunds_created"`);
    await queryRunner.query(`DROP INDEX "idx_orders_paid"`);
  }
}
