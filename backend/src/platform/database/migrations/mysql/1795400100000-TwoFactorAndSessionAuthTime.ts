import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The second factor: a TOTP secret per account (encrypted) and single-use recovery codes (hashed);
 * sessions record the time of their last full authentication (refunds, grants and revokes need a
 * recent one).
 */
export class TwoFactorAndSessionAuthTime1795400100000 implements MigrationInterface {
  name = 'TwoFactorAndSessionAuthTime1795400100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`sessions\` ADD \`authenticatedAt\` datetime(3) NULL`);
    await queryRunner.query(
      `CREATE TABLE \`user_totp\` (\`userId\` int NOT NULL, \`secret\` varchar(255) NULL, \`pendingSecret\` varchar(255) NULL, \`pendingSince\` datetime(3) NULL, \`enabledAt\` datetime(3) NULL, \`lastUsedStep\` int NULL, \`updatedAt\` datetime(3) NOT NULL, PRIMARY KEY (\`userId\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`totp_recovery_codes\` (\`id\` int NOT NULL AUTO_INCREMENT, \`userId\` int NOT NULL, \`codeHash\` varchar(64) NOT NULL, \`createdAt\` datetime(3) NOT NULL, INDEX \`idx_totp_recovery_user\` (\`userId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`idx_totp_recovery_user\` ON \`totp_recovery_codes\``);
    await queryRunner.query(`DROP TABLE \`totp_recovery_codes\``);
    await queryRunner.query(`DROP TABLE \`user_totp\``);
    await queryRunner.query(`ALTER TABLE \`sessions\` DROP COLUMN \`authenticatedAt\``);
  }
}
