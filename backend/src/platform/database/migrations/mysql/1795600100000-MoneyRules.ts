import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Campaign codes compare byte for byte (utf8mb4_bin; stored in upper case): under utf8mb4_unicode_ci
 * `SKÅL` and `SKAL` were one code. And the launch price's end is recorded per course, so that seats
 * given back by refunds never bring an ended launch price back. An order records why a payment was
 * refused when it landed (refunded at once).
 */
export class MoneyRules1795600100000 implements MigrationInterface {
  name = 'MoneyRules1795600100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE \`campaign_codes\` MODIFY \`code\` varchar(40) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE \`orders\` MODIFY \`campaignCode\` varchar(40) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL`,
    );
    await queryRunner.query(
      `CREATE TABLE \`launch_price_ends\` (\`courseId\` varchar(32) NOT NULL, \`endedAt\` datetime(3) NOT NULL, PRIMARY KEY (\`courseId\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(`ALTER TABLE \`orders\` ADD \`refusal\` varchar(24) NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`orders\` DROP COLUMN \`refusal\``);
    await queryRunner.query(`DROP TABLE \`launch_price_ends\``);
    await queryRunner.query(
      `ALTER TABLE \`orders\` MODIFY \`campaignCode\` varchar(40) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE \`campaign_codes\` MODIFY \`code\` varchar(40) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL`,
    );
  }
}
