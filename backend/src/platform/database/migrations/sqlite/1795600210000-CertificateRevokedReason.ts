import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A certificate is revoked with the access to its course, and the public page says why. Revoked
 * certificates from before were revoked by the mentor; a valid one whose holder no longer has the
 * course (refunded or revoked before this rule) is revoked now, for that reason.
 */
export class CertificateRevokedReason1795600210000 implements MigrationInterface {
  name = 'CertificateRevokedReason1795600210000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "certificates" ADD COLUMN "revokedReason" varchar(16)`);
    await queryRunner.query(`UPDATE "certificates" SET "revokedReason" = 'admin' WHERE "revokedAt" IS NOT NULL`);
    await queryRunner.query(
      `UPDATE "certificates" SET "revokedAt" = ?, "revokedReason" = 'access'
       WHERE "revokedAt" IS NULL AND NOT EXISTS (
         SELECT 1 FROM "grants" g WHERE g."userId" = "certificates"."userId" AND g."courseId" = "certificates"."courseId" AND g."revokedAt" IS NULL)`,
      [new Date().toISOString().replace('T', ' ').replace('Z', '')],
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "certificates" DROP COLUMN "revokedReason"`);
  }
}
