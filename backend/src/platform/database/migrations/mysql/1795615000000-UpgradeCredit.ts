import { MigrationInterface, QueryRunner } from 'typeorm';

/** Upgrades for the difference: what was credited for the course the order upgrades. */
export class UpgradeCredit1795615000000 implements MigrationInterface {
  name = 'UpgradeCredit1795615000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`orders\` ADD \`upgradeCreditOre\` int NOT NULL DEFAULT 0`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`orders\` DROP COLUMN \`upgradeCreditOre\``);
  }
}
