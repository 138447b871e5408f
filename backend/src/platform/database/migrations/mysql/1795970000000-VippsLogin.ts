import { MigrationInterface, QueryRunner } from 'typeorm';

/** «Logg inn med Vipps»: the accounts' Vipps identities, and the sign-ins under way. */
export class VippsLogin1795970000000 implements MigrationInterface {
  name = 'VippsLogin1795970000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`vipps_login_links\` (\`id\` int NOT NULL AUTO_INCREMENT, \`userId\` int NOT NULL, \`sub\` varchar(255) NOT NULL, \`linkedAt\` datetime(3) NOT NULL, UNIQUE INDEX \`uq_vipps_login_links_user\` (\`userId\`), UNIQUE INDEX \`uq_vipps_login_links_sub\` (\`sub\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`vipps_login_attempts\` (\`id\` int NOT NULL AUTO_INCREMENT, \`stateHash\` varchar(64) NOT NULL, \`browserHash\` varchar(64) NOT NULL, \`nonce\` varchar(64) NOT NULL, \`codeVerifier\` varchar(128) NULL, \`next\` varchar(500) NOT NULL, \`stage\` varchar(16) NOT NULL, \`userId\` int NULL, \`sub\` varchar(255) NULL, \`firstName\` varchar(100) NULL, \`lastName\` varchar(100) NULL, \`mailTokenHash\` varchar(64) NULL, \`mailsSent\` int NOT NULL DEFAULT 0, \`createdAt\` datetime(3) NOT NULL, \`expiresAt\` datetime(3) NOT NULL, UNIQUE INDEX \`uq_vipps_login_attempts_state\` (\`stateHash\`), INDEX \`idx_vipps_login_attempts_browser\` (\`browserHash\`), INDEX \`idx_vipps_login_attempts_mail\` (\`mailTokenHash\`), INDEX \`idx_vipps_login_attempts_user\` (\`userId\`), INDEX \`idx_vipps_login_attempts_expires\` (\`expiresAt\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`vipps_login_attempts\``);
    await queryRunner.query(`DROP TABLE \`vipps_login_links\``);
  }
}
