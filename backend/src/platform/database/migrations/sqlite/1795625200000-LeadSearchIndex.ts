import { MigrationInterface, QueryRunner } from 'typeorm';

/** The lead list's order index carries the address: (createdAt, id, email) (see the MySQL migration). */
export class LeadSearchIndex1795625200000 implements MigrationInterface {
  name = 'LeadSearchIndex1795625200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_leads_created"`);
    await queryRunner.query(`CREATE INDEX "idx_leads_created" ON "leads" ("createdAt", "id", "email") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_leads_created"`);
    await queryRunner.query(`CREATE INDEX "idx_leads_created" ON "leads" ("createdAt") `);
  }
}
