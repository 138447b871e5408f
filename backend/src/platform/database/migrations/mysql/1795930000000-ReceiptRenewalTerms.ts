import { MigrationInterface, QueryRunner } from 'typeorm';

/** The terms of an automatic renewal on its receipt (docs/decisions.md "Automatic renewal"). */
export class ReceiptRenewalTerms1795930000000 implements MigrationInterface {
  name = 'ReceiptRenewalTerms1795930000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`receipts\` ADD \`renewalTerms\` text NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`receipts\` DROP COLUMN \`renewalTerms\``);
  }
}
