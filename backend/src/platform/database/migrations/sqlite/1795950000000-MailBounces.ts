import { MigrationInterface, QueryRunner } from 'typeorm';

/** Addresses that bounced for good, by address (the panel marks the lead and the student). */
export class MailBounces1795950000000 implements MigrationInterface {
  name = 'MailBounces1795950000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "mail_bounces" ("email" varchar(254) PRIMARY KEY NOT NULL, "bouncedAt" datetime(3) NOT NULL)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "mail_bounces"`);
  }
}
