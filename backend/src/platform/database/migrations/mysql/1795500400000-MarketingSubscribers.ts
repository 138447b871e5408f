import { MigrationInterface, QueryRunner } from 'typeorm';

/** Marketing e-mail: the list of addresses with their recorded consent (double opt-in, soft opt-in, opt-outs). */
export class MarketingSubscribers1795500400000 implements MigrationInterface {
  name = 'MarketingSubscribers1795500400000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`marketing_subscribers\` (\`id\` int NOT NULL AUTO_INCREMENT, \`email\` varchar(254) COLLATE "utf8mb4_bin" NOT NULL, \`status\` varchar(16) NOT NULL, \`previousStatus\` varchar(16) NULL, \`userId\` int NULL, \`isLead\` tinyint NOT NULL DEFAULT 0, \`variants\` varchar(100) NOT NULL DEFAULT '', \`consentText\` text NULL, \`consentVersion\` varchar(32) NULL, \`consentAt\` datetime(3) NULL, \`consentSource\` varchar(200) NULL, \`consentIp\` varchar(64) NULL, \`confirmedAt\` datetime(3) NULL, \`unsubscribedAt\` datetime(3) NULL, \`confirmSentAt\` datetime(3) NULL, \`createdAt\` datetime(3) NOT NULL, \`updatedAt\` datetime(3) NOT NULL, UNIQUE INDEX \`uq_marketing_subscribers_email\` (\`email\`), INDEX \`idx_marketing_subscribers_user\` (\`userId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`marketing_subscribers\``);
  }
}
