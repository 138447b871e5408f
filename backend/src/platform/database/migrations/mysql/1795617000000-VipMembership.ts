import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * VIP membership: a grant of a membership (VIP, 12 months) carries the end of its access period; the
 * periodic round ends the grants whose period is over (found through the index).
 */
export class VipMembership1795617000000 implements MigrationInterface {
  name = 'VipMembership1795617000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`grants\` ADD \`accessEndsAt\` datetime(3) NULL`);
    await queryRunner.query(`CREATE INDEX \`idx_grants_access_ends\` ON \`grants\` (\`accessEndsAt\`)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`idx_grants_access_ends\` ON \`grants\``);
    await queryRunner.query(`ALTER TABLE \`grants\` DROP COLUMN \`accessEndsAt\``);
  }
}
