import { MigrationInterface, QueryRunner } from 'typeorm';

/** Course certificates: one per student and course, with a public verification code. */
export class Certificates1795500620000 implements MigrationInterface {
  name = 'Certificates1795500620000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "certificates" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "code" varchar(32) NOT NULL, "userId" integer NOT NULL, "courseId" varchar(32) NOT NULL, "courseTitle" varchar(120) NOT NULL, "holderName" varchar(210), "issuedAt" datetime(3) NOT NULL, "revokedAt" datetime(3), "revokedBy" integer)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_certificates_code" ON "certificates" ("code") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_certificates_user_course" ON "certificates" ("userId", "courseId") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "uq_certificates_user_course"`);
    await queryRunner.query(`DROP INDEX "uq_certificates_code"`);
    await queryRunner.query(`DROP TABLE "certificates"`);
  }
}
