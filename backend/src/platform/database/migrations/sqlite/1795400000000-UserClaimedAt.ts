import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Users: when the owner proved the address (used a mailed one-time link or reset the password).
 * Existing accounts with a password, or whose owner has used a one-time link, count as claimed:
 * from the first use of a link, else the last password change, else the account's creation.
 */
export class UserClaimedAt1795400000000 implements MigrationInterface {
  name = 'UserClaimedAt1795400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD COLUMN "claimedAt" datetime(3)`);
    await queryRunner.query(
      `UPDATE "users" SET "claimedAt" = COALESCE(` +
        `(SELECT MIN(t."usedAt") FROM "login_tokens" t WHERE t."userId" = "users"."id" AND t."usedAt" IS NOT NULL), ` +
        `"passwordChangedAt", "createdAt") ` +
        `WHERE "passwordHash" IS NOT NULL OR EXISTS ` +
        `(SELECT 1 FROM "login_tokens" t WHERE t."userId" = "users"."id" AND t."usedAt" IS NOT NULL)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "claimedAt"`);
  }
}
