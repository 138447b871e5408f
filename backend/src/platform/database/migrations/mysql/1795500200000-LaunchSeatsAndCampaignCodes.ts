import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The launch price as a rule (a seat per student and course, taken at payment) and campaign codes
 * (the code and its discount on the order, and when the order's checkout stops being payable).
 */
export class LaunchSeatsAndCampaignCodes1795500200000 implements MigrationInterface {
  name = 'LaunchSeatsAndCampaignCodes1795500200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`launch_seats\` (\`courseId\` varchar(32) NOT NULL, \`userId\` int NOT NULL, \`orderId\` int NULL, \`takenAt\` datetime(3) NOT NULL, PRIMARY KEY (\`courseId\`, \`userId\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`campaign_codes\` (\`id\` int NOT NULL AUTO_INCREMENT, \`code\` varchar(40) NOT NULL, \`percentOff\` int NULL, \`amountOffOre\` int NULL, \`courseIds\` text NOT NULL, \`validFrom\` datetime(3) NULL, \`validTo\` datetime(3) NULL, \`maxUses\` int NULL, \`uses\` int NOT NULL DEFAULT 0, \`active\` tinyint NOT NULL DEFAULT 1, \`createdAt\` datetime(3) NOT NULL, \`updatedAt\` datetime(3) NOT NULL, UNIQUE INDEX \`uq_campaign_codes_code\` (\`code\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(`ALTER TABLE \`orders\` ADD \`campaignCode\` varchar(40) NULL`);
    await queryRunner.query(`ALTER TABLE \`orders\` ADD \`discountOre\` int NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE \`orders\` ADD \`expiresAt\` datetime(3) NULL`);
    await queryRunner.query(`CREATE INDEX \`idx_orders_campaign_code\` ON \`orders\` (\`campaignCode\`)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`idx_orders_campaign_code\` ON \`orders\``);
    await queryRunner.query(`ALTER TABLE \`orders\` DROP COLUMN \`expiresAt\``);
    await queryRunner.query(`ALTER TABLE \`orders\` DROP COLUMN \`discountOre\``);
    await queryRunner.query(`ALTER TABLE \`orders\` DROP COLUMN \`campaignCode\``);
    await queryRunner.query(`DROP TABLE \`campaign_codes\``);
    await queryRunner.query(`DROP TABLE \`launch_seats\``);
  }
}
