import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Account safety: wrong second-factor codes counted per account, and the lock they lead to, kept in the
 * database so every instance sees the same count (docs/decisions.md "Two-factor sign-in"); and the
 * funnel's row of an address the account left by an e-mail change, counted under the row of the
 * person's first address (docs/decisions.md "Attribution").
 */
export class AccountSafety1795910000000 implements MigrationInterface {
  name = 'AccountSafety1795910000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`user_totp\` ADD \`failedAttempts\` int NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE \`user_totp\` ADD \`lockedUntil\` datetime(3) NULL`);
    await queryRunner.query(`ALTER TABLE \`lead_addresses\` ADD \`mergedIntoId\` int NULL`);
    await queryRunner.query(`CREATE INDEX \`idx_lead_addresses_merged\` ON \`lead_addresses\` (\`mergedIntoId\`)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`idx_lead_addresses_merged\` ON \`lead_addresses\``);
    await queryRunner.query(`ALTER TABLE \`lead_addresses\` DROP COLUMN \`mergedIntoId\``);
    await queryRunner.query(`ALTER TABLE \`user_totp\` DROP COLUMN \`lockedUntil\``);
    await queryRunner.query(`ALTER TABLE \`user_totp\` DROP COLUMN \`failedAttempts\``);
  }
}
