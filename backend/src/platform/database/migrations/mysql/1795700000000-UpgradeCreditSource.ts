import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An upgrade's credit names the order it came from (the paid Foundation order), so that a refund of
 * that order knows what of it is tied up in the upgrade, and a payment can check the credit still
 * stands. Earlier upgrades get the buyer's latest paid order of the course they upgrade from.
 */
export class UpgradeCreditSource1795700000000 implements MigrationInterface {
  name = 'UpgradeCreditSource1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`orders\` ADD \`upgradeFromOrderId\` int NULL`);
    await queryRunner.query(`CREATE INDEX \`idx_orders_upgrade_from\` ON \`orders\` (\`upgradeFromOrderId\`)`);
    await queryRunner.query(
      `UPDATE \`orders\` u JOIN (
         SELECT up.\`id\` AS upId, MAX(src.\`id\`) AS srcId
         FROM \`orders\` up JOIN \`orders\` src
           ON src.\`userId\` = up.\`userId\` AND src.\`courseId\` = 'foundation' AND src.\`id\` < up.\`id\`
          AND src.\`refusal\` IS NULL AND src.\`status\` IN ('paid', 'partially_refunded', 'refunded')
         WHERE up.\`courseId\` = 'accelerator' AND up.\`upgradeCreditOre\` > 0
         GROUP BY up.\`id\`
       ) s ON s.upId = u.\`id\`
       SET u.\`upgradeFromOrderId\` = s.srcId`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`idx_orders_upgrade_from\` ON \`orders\``);
    await queryRunner.query(`ALTER TABLE \`orders\` DROP COLUMN \`upgradeFromOrderId\``);
  }
}
