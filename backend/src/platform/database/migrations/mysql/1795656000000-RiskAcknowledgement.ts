import { MigrationInterface, QueryRunner } from 'typeorm';

/** The buyer's acknowledgement of the risk text at checkout: when, and which version of the text. */
export class RiskAcknowledgement1795656000000 implements MigrationInterface {
  name = 'RiskAcknowledgement1795656000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`orders\` ADD \`riskAcceptedAt\` datetime(3) NULL`);
    await queryRunner.query(`ALTER TABLE \`orders\` ADD \`riskTextVersion\` varchar(16) NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`orders\` DROP COLUMN \`riskTextVersion\``);
    await queryRunner.query(`ALTER TABLE \`orders\` DROP COLUMN \`riskAcceptedAt\``);
  }
}
