import { MigrationInterface, QueryRunner } from 'typeorm';

/** A Vipps Recurring agreement's charge created for the coming renewal (cancelled when the member stops). */
export class VippsRecurringCharge1795870000000 implements MigrationInterface {
  name = 'VippsRecurringCharge1795870000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`subscriptions\` ADD \`nextChargeId\` varchar(64) NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`subscriptions\` DROP COLUMN \`nextChargeId\``);
  }
}
