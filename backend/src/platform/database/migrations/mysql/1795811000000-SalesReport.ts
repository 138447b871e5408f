import { MigrationInterface, QueryRunner } from 'typeorm';

/** The accountant's report: receipts read by period, and Stripe's fee per payment on the order. */
export class SalesReport1795811000000 implements MigrationInterface {
  name = 'SalesReport1795811000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX \`idx_receipts_issued\` ON \`receipts\` (\`issuedAt\`)`);
    await queryRunner.query(`ALTER TABLE \`orders\` ADD \`stripeFeeOre\` int NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`orders\` DROP COLUMN \`stripeFeeOre\``);
    await queryRunner.query(`DROP INDEX \`idx_receipts_issued\` ON \`receipts\``);
  }
}
