import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The launch price's end, recorded per course (seats given back by refunds never bring an ended launch
 * price back), and an order records why a payment was refused when it landed. SQLite already compares campaign codes byte for byte (BINARY), so no column changes.
 */
export class MoneyRules1795600100000 implements MigrationInterface {
  name = 'MoneyRules1795600100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "launch_price_ends" ("courseId" varchar(32) PRIMARY KEY NOT NULL, "endedAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`ALTER TABLE "orders" ADD "refusal" varchar(24)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "refusal"`);
    await queryRunner.query(`DROP TABLE "launch_price_ends"`);
  }
}
