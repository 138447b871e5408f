import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The second factor: a TOTP secret per account (encrypted) and single-use recovery codes (hashed);
 * sessions record the time of their last full authentication.
 */
export class TwoFactorAndSessionAuthTime1795400100000 implements MigrationInterface {
  name = 'TwoFactorAndSessionAuthTime1795400100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sessions" ADD COLUMN "authenticatedAt" datetime(3)`);
    await queryRunner.query(
      `CREATE TABLE "user_totp" ("userId" integer PRIMARY KEY NOT NULL, "secret" varchar(255), "pendingSecret" varchar(255), "pendingSince" datetime(3), "enabledAt" datetime(3), "lastUsedStep" integer, "updatedAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE TABLE "totp_recovery_codes" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "userId" integer NOT NULL, "codeHash" varchar(64) NOT NULL, "createdAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_totp_recovery_user" ON "totp_recovery_codes" ("userId") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_totp_recovery_user"`);
    await queryRunner.query(`DROP TABLE "totp_recovery_codes"`);
    await queryRunner.query(`DROP TABLE "user_totp"`);
    await queryRunner.query(`ALTER TABLE "sessions" DROP COLUMN "authenticatedAt"`);
  }
}
