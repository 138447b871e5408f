import { MigrationInterface, QueryRunner } from 'typeorm';

/** Vipps payments are captured at fulfilment: when that happened, so a failed capture is tried again. */
export class VippsCapture1795610000000 implements MigrationInterface {
  name = 'VippsCapture1795610000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`orders\` ADD \`capturedAt\` datetime(3) NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`orders\` DROP COLUMN \`capturedAt\``);
  }
}
