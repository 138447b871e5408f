import { MigrationInterface, QueryRunner } from 'typeorm';

/** The lead list sorted by «Kilde» reads the page in the order of `(source, id)` (see the MySQL migration). */
export class LeadSourceIndex1796020000000 implements MigrationInterface {
  name = 'LeadSourceIndex1796020000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "idx_leads_source" ON "leads" ("source", "id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_leads_source"`);
  }
}
