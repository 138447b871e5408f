import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The lead list's order index carries the address: (createdAt, id, email). An e-mail search (a
 * `LIKE '%…%'` no index can seek) then scans this index instead of every lead's row. At 200 000 leads
 * on MariaDB (ANALYZE): the page 244 → 85 ms, the count 174 → 57 ms; the first page (0.1 ms) and the
 * deep page's id walk (27 ms) keep their plans.
 */
export class LeadSearchIndex1795625200000 implements MigrationInterface {
  name = 'LeadSearchIndex1795625200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`idx_leads_created\` ON \`leads\``);
    await queryRunner.query(`CREATE INDEX \`idx_leads_created\` ON \`leads\` (\`createdAt\`, \`id\`, \`email\`)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`idx_leads_created\` ON \`leads\``);
    await queryRunner.query(`CREATE INDEX \`idx_leads_created\` ON \`leads\` (\`createdAt\`)`);
  }
}
