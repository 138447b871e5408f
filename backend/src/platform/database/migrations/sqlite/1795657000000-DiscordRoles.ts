import { MigrationInterface, QueryRunner } from 'typeorm';

/** The private Discord: linked accounts, the queue of role changes, and the OAuth2 states of "Koble til Discord". */
export class DiscordRoles1795657000000 implements MigrationInterface {
  name = 'DiscordRoles1795657000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "discord_links" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "userId" integer NOT NULL, "discordUserId" varchar(32) NOT NULL, "username" varchar(64) NOT NULL, "linkedAt" datetime(3) NOT NULL, "syncedAt" datetime(3), "rolesHeld" varchar(500), "syncError" varchar(255))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_discord_links_user" ON "discord_links" ("userId") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_discord_links_discord_user" ON "discord_links" ("discordUserId") `);
    await queryRunner.query(
      `CREATE TABLE "discord_role_changes" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "userId" integer NOT NULL, "discordUserId" varchar(32) NOT NULL, "roleId" varchar(32) NOT NULL, "action" varchar(8) NOT NULL, "reason" varchar(32) NOT NULL, "createdAt" datetime(3) NOT NULL, "attempts" integer NOT NULL DEFAULT (0), "nextAttemptAt" datetime(3) NOT NULL, "doneAt" datetime(3), "lastError" varchar(255))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_discord_role_changes_due" ON "discord_role_changes" ("doneAt", "nextAttemptAt") `);
    await queryRunner.query(`CREATE INDEX "idx_discord_role_changes_user" ON "discord_role_changes" ("userId") `);
    await queryRunner.query(
      `CREATE TABLE "discord_oauth_states" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "stateHash" varchar(64) NOT NULL, "userId" integer NOT NULL, "sessionHash" varchar(64) NOT NULL, "expiresAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_discord_oauth_states_hash" ON "discord_oauth_states" ("stateHash") `);
    await queryRunner.query(`CREATE INDEX "idx_discord_oauth_states_user" ON "discord_oauth_states" ("userId") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_discord_oauth_states_user"`);
    await queryRunner.query(`DROP INDEX "uq_discord_oauth_states_hash"`);
    await queryRunner.query(`DROP TABLE "discord_oauth_states"`);
    await queryRunner.query(`DROP INDEX "idx_discord_role_changes_user"`);
    await queryRunner.query(`DROP INDEX "idx_discord_role_changes_due"`);
    await queryRunner.query(`DROP TABLE "discord_role_changes"`);
    await queryRunner.query(`DROP INDEX "uq_discord_links_discord_user"`);
    await queryRunner.query(`DROP INDEX "uq_discord_links_user"`);
    await queryRunner.query(`DROP TABLE "discord_links"`);
  }
}
