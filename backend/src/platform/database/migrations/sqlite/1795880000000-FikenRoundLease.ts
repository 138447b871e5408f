import { MigrationInterface, QueryRunner } from 'typeorm';

/** The lease that lets one instance at a time post to Fiken (its one row is made here). */
export class FikenRoundLease1795880000000 implements MigrationInterface {
  name = 'FikenRoundLease1795880000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "fiken_round_lease" ("name" varchar(32) PRIMARY KEY NOT NULL, "owner" varchar(64), "until" datetime(3))`,
    );
    await queryRunner.query(`INSERT INTO "fiken_round_lease" ("name", "owner", "until") VALUES ('fiken', NULL, NULL)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "fiken_round_lease"`);
  }
}
