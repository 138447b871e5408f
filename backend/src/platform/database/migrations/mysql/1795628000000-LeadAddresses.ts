import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dashboard's funnel over a year: one row per address (first variant, account, bought) and each
 * lead's address id, read through an index of (createdAt, addressId, trafficSource). At 200 000 leads
 * on MariaDB the funnel of 366 days counted every address of the year with five lookups each (the
 * account, its variant, the first touch, two for "bought") and grouped 100 000 e-mail strings in a
 * temporary table: 1.0–1.75 s for the funnel alone. On these rows it is a semi-join on integers and
 * a primary-key read per address: about 100 ms (bench/scale-results.md). The rows are filled by the
 * application (LeadStatisticsService) the first time the statistics are read, in batches. The
 * account's index serves the erasure (without it a student's erasure scanned every address: 421 ms p95).
 */
export class LeadAddresses1795628000000 implements MigrationInterface {
  name = 'LeadAddresses1795628000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`lead_addresses\` (\`id\` int NOT NULL AUTO_INCREMENT, \`email\` varchar(254) COLLATE "utf8mb4_bin" NOT NULL, \`firstVariant\` varchar(16) NULL, \`userId\` int NULL, \`accountVariant\` varchar(16) NULL, \`bought\` tinyint NOT NULL DEFAULT 0, UNIQUE INDEX \`uq_lead_addresses_email\` (\`email\`), INDEX \`idx_lead_addresses_user\` (\`userId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(`ALTER TABLE \`leads\` ADD \`addressId\` int NULL`);
    await queryRunner.query(`CREATE INDEX \`idx_leads_address\` ON \`leads\` (\`addressId\`)`);
    await queryRunner.query(
      `CREATE INDEX \`idx_leads_created_address\` ON \`leads\` (\`createdAt\`, \`addressId\`, \`trafficSource\`)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`idx_leads_created_address\` ON \`leads\``);
    await queryRunner.query(`DROP INDEX \`idx_leads_address\` ON \`leads\``);
    await queryRunner.query(`ALTER TABLE \`leads\` DROP COLUMN \`addressId\``);
    await queryRunner.query(`DROP TABLE \`lead_addresses\``);
  }
}
