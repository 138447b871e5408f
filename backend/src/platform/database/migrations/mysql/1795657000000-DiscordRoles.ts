import { MigrationInterface, QueryRunner } from 'typeorm';

/** The private Discord: linked accounts, the queue of role changes, and the OAuth2 states of "Koble til Discord". */
export class DiscordRoles1795657000000 implements MigrationInterface {
  name = 'DiscordRoles1795657000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`discord_links\` (\`id\` int NOT NULL AUTO_INCREMENT, \`userId\` int NOT NULL, \`discordUserId\` varchar(32) NOT NULL, \`username\` varchar(64) NOT NULL, \`linkedAt\` datetime(3) NOT NULL, \`syncedAt\` datetime(3) NULL, \`rolesHeld\` varchar(500) NULL, \`syncError\` varchar(255) NULL, UNIQUE INDEX \`uq_discord_links_user\` (\`userId\`), UNIQUE INDEX \`uq_discord_links_discord_user\` (\`discordUserId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`discord_role_changes\` (\`id\` int NOT NULL AUTO_INCREMENT, \`userId\` int NOT NULL, \`discordUserId\` varchar(32) NOT NULL, \`roleId\` varchar(32) NOT NULL, \`action\` varchar(8) NOT NULL, \`reason\` varchar(32) NOT NULL, \`createdAt\` datetime(3) NOT NULL, \`attempts\` int NOT NULL DEFAULT 0, \`nextAttemptAt\` datetime(3) NOT NULL, \`doneAt\` datetime(3) NULL, \`lastError\` varchar(255) NULL, INDEX \`idx_discord_role_changes_due\` (\`doneAt\`, \`nextAttemptAt\`), INDEX \`idx_discord_role_changes_user\` (\`userId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`discord_oauth_states\` (\`id\` int NOT NULL AUTO_INCREMENT, \`stateHash\` varchar(64) NOT NULL, \`userId\` int NOT NULL, \`sessionHash\` varchar(64) NOT NULL, \`expiresAt\` datetime(3) NOT NULL, UNIQUE INDEX \`uq_discord_oauth_states_hash\` (\`stateHash\`), INDEX \`idx_discord_oauth_states_user\` (\`userId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`discord_oauth_states\``);
    await queryRunner.query(`DROP TABLE \`discord_role_changes\``);
    await queryRunner.query(`DROP TABLE \`discord_links\``);
  }
}
