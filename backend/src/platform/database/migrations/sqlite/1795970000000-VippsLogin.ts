import { MigrationInterface, QueryRunner } from 'typeorm';

/** «Logg inn med Vipps»: the accounts' Vipps identities, and the sign-ins under way. */
export class VippsLogin1795970000000 implements MigrationInterface {
  name = 'VippsLogin1795970000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "vipps_login_links" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "userId" integer NOT NULL, "sub" varchar(255) NOT NULL, "linkedAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_vipps_login_links_user" ON "vipps_login_links" ("userId") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_vipps_login_links_sub" ON "vipps_login_links" ("sub") `);
    await queryRunner.query(
      `CREATE TABLE "vipps_login_attempts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "stateHash" varchar(64) NOT NULL, "browserHash" varchar(64) NOT NULL, "nonce" varchar(64) NOT NULL, "codeVerifier" varchar(128), "next" varchar(500) NOT NULL, "stage" varchar(16) NOT NULL, "userId" integer, "sub" varchar(255), "firstName" varchar(100), "lastName" varchar(100), "mailTokenHash" varchar(64), "mailsSent" integer NOT NULL DEFAULT (0), "createdAt" datetime(3) NOT NULL, "expiresAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_vipps_login_attempts_state" ON "vipps_login_attempts" ("stateHash") `);
    await queryRunner.query(`CREATE INDEX "idx_vipps_login_attempts_browser" ON "vipps_login_attempts" ("browserHash") `);
    await queryRunner.query(`CREATE INDEX "idx_vipps_login_attempts_mail" ON "vipps_login_attempts" ("mailTokenHash") `);
    await queryRunner.query(`CREATE INDEX "idx_vipps_login_attempts_user" ON "vipps_login_attempts" ("userId") `);
    await queryRunner.query(`CREATE INDEX "idx_vipps_login_attempts_expires" ON "vipps_login_attempts" ("expiresAt") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_vipps_login_attempts_expires"`);
    await queryRunner.query(`DROP INDEX "idx_vipps_login_attempts_user"`);
    await queryRunner.query(`DROP INDEX "idx_vipps_login_attempts_mail"`);
    await queryRunner.query(`DROP INDEX "idx_vipps_login_attempts_browser"`);
    await queryRunner.query(`DROP INDEX "uq_vipps_login_attempts_state"`);
    await queryRunner.query(`DROP TABLE "vipps_login_attempts"`);
    await queryRunner.query(`DROP INDEX "uq_vipps_login_links_sub"`);
    await queryRunner.query(`DROP INDEX "uq_vipps_login_links_user"`);
    await queryRunner.query(`DROP TABLE "vipps_login_links"`);
  }
}
