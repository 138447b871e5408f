import { MigrationInterface, QueryRunner } from 'typeorm';

/** Marketing broadcasts and their frozen recipient lists (unique per broadcast and address). */
export class MarketingBroadcasts1795500410000 implements MigrationInterface {
  name = 'MarketingBroadcasts1795500410000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`marketing_broadcasts\` (\`id\` int NOT NULL AUTO_INCREMENT, \`subject\` varchar(200) NOT NULL, \`body\` text NOT NULL, \`segment\` text NOT NULL, \`utm\` tinyint NOT NULL DEFAULT 1, \`status\` varchar(16) NOT NULL, \`sendAt\` datetime(3) NULL, \`listReady\` tinyint NOT NULL DEFAULT 0, \`recipientCount\` int NOT NULL DEFAULT '0', \`lastBatchAt\` datetime(3) NULL, \`startedAt\` datetime(3) NULL, \`finishedAt\` datetime(3) NULL, \`createdBy\` int NULL, \`createdAt\` datetime(3) NOT NULL, \`updatedAt\` datetime(3) NOT NULL, INDEX \`idx_marketing_broadcasts_due\` (\`status\`, \`sendAt\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`marketing_broadcast_recipients\` (\`id\` int NOT NULL AUTO_INCREMENT, \`broadcastId\` int NOT NULL, \`email\` varchar(254) COLLATE "utf8mb4_bin" NOT NULL, \`userId\` int NULL, \`status\` varchar(16) NOT NULL DEFAULT 'pending', \`outboxId\` int NULL, \`createdAt\` datetime(3) NOT NULL, INDEX \`idx_marketing_recipient_status\` (\`broadcastId\`, \`status\`), UNIQUE INDEX \`uq_marketing_recipient\` (\`broadcastId\`, \`email\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`marketing_broadcast_recipients\``);
    await queryRunner.query(`DROP TABLE \`marketing_broadcasts\``);
  }
}
