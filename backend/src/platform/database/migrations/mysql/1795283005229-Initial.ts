import { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1795283005229 implements MigrationInterface {
  name = 'Initial1795283005229';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`audit_log\` (\`id\` int NOT NULL AUTO_INCREMENT, \`actorId\` int NULL, \`actorEmail\` varchar(254) NULL, \`action\` varchar(64) NOT NULL, \`entity\` varchar(64) NOT NULL, \`entityId\` varchar(64) NULL, \`before\` text NULL, \`after\` text NULL, \`createdAt\` datetime(3) NOT NULL, INDEX \`idx_audit_created\` (\`createdAt\`), INDEX \`idx_audit_entity\` (\`entity\`, \`entityId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`login_tokens\` (\`id\` int NOT NULL AUTO_INCREMENT, \`tokenHash\` varchar(64) NOT NULL, \`userId\` int NOT NULL, \`purpose\` varchar(16) NOT NULL DEFAULT 'login', \`createdAt\` datetime(3) NOT NULL, \`expiresAt\` datetime(3) NOT NULL, \`usedAt\` datetime(3) NULL, UNIQUE INDEX \`uq_login_tokens_hash\` (\`tokenHash\`), INDEX \`idx_login_tokens_user\` (\`userId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`sessions\` (\`tokenHash\` varchar(64) NOT NULL, \`userId\` int NOT NULL, \`createdAt\` datetime(3) NOT NULL, \`lastSeenAt\` datetime(3) NOT NULL, \`expiresAt\` datetime(3) NOT NULL, \`ip\` varchar(64) NULL, \`userAgent\` varchar(300) NULL, INDEX \`idx_sessions_user\` (\`userId\`), INDEX \`idx_sessions_expires\` (\`expiresAt\`), PRIMARY KEY (\`tokenHash\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`orders\` (\`id\` int NOT NULL AUTO_INCREMENT, \`userId\` int NULL, \`email\` varchar(254) NOT NULL, \`firstName\` varchar(100) NOT NULL, \`lastName\` varchar(100) NOT NULL, \`courseId\` varchar(32) NOT NULL, \`amountOre\` int NOT NULL, \`currency\` varchar(3) NOT NULL DEFAULT 'NOK', \`paymentMethod\` varchar(16) NOT NULL, \`provider\` varchar(16) NOT NULL, \`status\` varchar(24) NOT NULL DEFAULT 'pending', \`stripeSessionId\` varchar(255) NULL, \`stripePaymentIntentId\` varchar(255) NULL, \`refundedOre\` int NOT NULL DEFAULT '0', \`termsAcceptedAt\` datetime(3) NULL, \`createdAt\` datetime(3) NOT NULL, \`updatedAt\` datetime(3) NOT NULL, \`paidAt\` datetime(3) NULL, \`anonymisedAt\` datetime(3) NULL, \`trafficSource\` varchar(16) NULL, \`landingPath\` varchar(200) NULL, \`referrer\` varchar(300) NULL, \`utmSource\` varchar(100) NULL, \`utmMedium\` varchar(100) NULL, \`utmCampaign\` varchar(100) NULL, \`utmTerm\` varchar(100) NULL, \`utmContent\` varchar(100) NULL, INDEX \`idx_orders_user\` (\`userId\`), INDEX \`idx_orders_email\` (\`email\`), INDEX \`idx_orders_status\` (\`status\`), UNIQUE INDEX \`uq_orders_stripe_session\` (\`stripeSessionId\`), INDEX \`idx_orders_created\` (\`createdAt\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`rate_limits\` (\`key\` varchar(191) NOT NULL, \`hits\` int NOT NULL, \`expiresAt\` bigint NOT NULL, \`blockedUntil\` bigint NOT NULL DEFAULT '0', PRIMARY KEY (\`key\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`settings\` (\`key\` varchar(64) NOT NULL, \`value\` text NOT NULL, \`updatedAt\` datetime(3) NOT NULL, PRIMARY KEY (\`key\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`modules\` (\`id\` int NOT NULL AUTO_INCREMENT, \`courseId\` varchar(32) NOT NULL, \`position\` int NOT NULL DEFAULT '0', \`title\` varchar(200) NOT NULL, \`description\` text NOT NULL, \`durationMinutes\` int NOT NULL DEFAULT '0', \`videoId\` varchar(32) NULL, \`topics\` text NOT NULL, \`published\` tinyint NOT NULL DEFAULT 1, \`createdAt\` datetime(3) NOT NULL, \`updatedAt\` datetime(3) NOT NULL, INDEX \`idx_modules_course_position\` (\`courseId\`, \`position\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`courses\` (\`id\` varchar(32) NOT NULL, \`title\` varchar(120) NOT NULL, \`description\` text NOT NULL, \`sortOrder\` int NOT NULL DEFAULT '0', \`published\` tinyint NOT NULL DEFAULT 1, \`updatedAt\` datetime(3) NOT NULL, PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`grants\` (\`id\` int NOT NULL AUTO_INCREMENT, \`userId\` int NOT NULL, \`courseId\` varchar(32) NOT NULL, \`source\` varchar(16) NOT NULL, \`orderId\` int NULL, \`note\` varchar(500) NULL, \`grantedBy\` int NULL, \`grantedAt\` datetime(3) NOT NULL, \`revokedAt\` datetime(3) NULL, \`revokedBy\` int NULL, UNIQUE INDEX \`uq_grants_order\` (\`orderId\`), INDEX \`idx_grants_user_course\` (\`userId\`, \`courseId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`leads\` (\`id\` int NOT NULL AUTO_INCREMENT, \`email\` varchar(254) NOT NULL, \`courseType\` varchar(32) NOT NULL, \`source\` varchar(200) NOT NULL, \`userId\` int NULL, \`contacted\` tinyint NOT NULL DEFAULT 0, \`note\` text NULL, \`unsubscribedAt\` datetime(3) NULL, \`createdAt\` datetime(3) NOT NULL, \`trafficSource\` varchar(16) NULL, \`landingPath\` varchar(200) NULL, \`referrer\` varchar(300) NULL, \`utmSource\` varchar(100) NULL, \`utmMedium\` varchar(100) NULL, \`utmCampaign\` varchar(100) NULL, \`utmTerm\` varchar(100) NULL, \`utmContent\` varchar(100) NULL, INDEX \`idx_leads_email\` (\`email\`), INDEX \`idx_leads_user\` (\`userId\`), INDEX \`idx_leads_created\` (\`createdAt\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`outbox\` (\`id\` int NOT NULL AUTO_INCREMENT, \`kind\` varchar(32) NOT NULL, \`toAddress\` varchar(254) NOT NULL, \`subject\` varchar(300) NOT NULL, \`html\` text NOT NULL, \`textBody\` text NOT NULL, \`status\` varchar(16) NOT NULL DEFAULT 'pending', \`attempts\` int NOT NULL DEFAULT '0', \`nextAttemptAt\` datetime(3) NOT NULL, \`lockedBy\` varchar(64) NULL, \`lockedUntil\` datetime(3) NULL, \`lastError\` text NULL, \`sentAt\` datetime(3) NULL, \`userId\` int NULL, \`createdAt\` datetime(3) NOT NULL, INDEX \`idx_outbox_user\` (\`userId\`), INDEX \`idx_outbox_due\` (\`status\`, \`nextAttemptAt\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`refunds\` (\`id\` int NOT NULL AUTO_INCREMENT, \`orderId\` int NOT NULL, \`amountOre\` int NOT NULL, \`reason\` varchar(500) NOT NULL, \`stripeRefundId\` varchar(255) NULL, \`status\` varchar(24) NOT NULL DEFAULT 'succeeded', \`createdBy\` int NULL, \`createdAt\` datetime(3) NOT NULL, INDEX \`idx_refunds_order\` (\`orderId\`), UNIQUE INDEX \`uq_refunds_stripe\` (\`stripeRefundId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`webhook_events\` (\`id\` varchar(255) NOT NULL, \`type\` varchar(100) NOT NULL, \`processedAt\` datetime(3) NOT NULL, PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`progress\` (\`id\` int NOT NULL AUTO_INCREMENT, \`userId\` int NOT NULL, \`courseId\` varchar(32) NOT NULL, \`completedModules\` text NOT NULL, \`currentModule\` int NOT NULL DEFAULT '0', \`lastUpdated\` datetime(3) NOT NULL, UNIQUE INDEX \`uq_progress_user_course\` (\`userId\`, \`courseId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`users\` (\`id\` int NOT NULL AUTO_INCREMENT, \`email\` varchar(254) NOT NULL, \`passwordHash\` varchar(255) NULL, \`role\` varchar(16) NOT NULL DEFAULT 'student', \`firstName\` varchar(100) NULL, \`lastName\` varchar(100) NULL, \`createdAt\` datetime(3) NOT NULL, \`updatedAt\` datetime(3) NOT NULL, \`passwordChangedAt\` datetime(3) NULL, \`firstTrafficsource\` varchar(16) NULL, \`firstLandingpath\` varchar(200) NULL, \`firstReferrer\` varchar(300) NULL, \`firstUtmsource\` varchar(100) NULL, \`firstUtmmedium\` varchar(100) NULL, \`firstUtmcampaign\` varchar(100) NULL, \`firstUtmterm\` varchar(100) NULL, \`firstUtmcontent\` varchar(100) NULL, UNIQUE INDEX \`uq_users_email\` (\`email\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`uq_users_email\` ON \`users\``);
    await queryRunner.query(`DROP TABLE \`users\``);
    await queryRunner.query(`DROP INDEX \`uq_progress_user_course\` ON \`progress\``);
    await queryRunner.query(`DROP TABLE \`progress\``);
    await queryRunner.query(`DROP TABLE \`webhook_events\``);
    await queryRunner.query(`DROP INDEX \`uq_refunds_stripe\` ON \`refunds\``);
    await queryRunner.query(`DROP INDEX \`idx_refunds_order\` ON \`refunds\``);
    await queryRunner.query(`DROP TABLE \`refunds\``);
    await queryRunner.query(`DROP INDEX \`idx_outbox_due\` ON \`outbox\``);
    await queryRunner.query(`DROP INDEX \`idx_outbox_user\` ON \`outbox\``);
    await queryRunner.query(`DROP TABLE \`outbox\``);
    await queryRunner.query(`DROP INDEX \`idx_leads_created\` ON \`leads\``);
    await queryRunner.query(`DROP INDEX \`idx_leads_user\` ON \`leads\``);
    await queryRunner.query(`DROP INDEX \`idx_leads_email\` ON \`leads\``);
    await queryRunner.query(`DROP TABLE \`leads\``);
    await queryRunner.query(`DROP INDEX \`idx_grants_user_course\` ON \`grants\``);
    await queryRunner.query(`DROP INDEX \`uq_grants_order\` ON \`grants\``);
    await queryRunner.query(`DROP TABLE \`grants\``);
    await queryRunner.query(`DROP TABLE \`courses\``);
    await queryRunner.query(`DROP INDEX \`idx_modules_course_position\` ON \`modules\``);
    await queryRunner.query(`DROP TABLE \`modules\``);
    await queryRunner.query(`DROP TABLE \`settings\``);
    await queryRunner.query(`DROP TABLE \`rate_limits\``);
    await queryRunner.query(`DROP INDEX \`idx_orders_created\` ON \`orders\``);
    await queryRunner.query(`DROP INDEX \`uq_orders_stripe_session\` ON \`orders\``);
    await queryRunner.query(`DROP INDEX \`idx_orders_status\` ON \`orders\``);
    await queryRunner.query(`DROP INDEX \`idx_orders_email\` ON \`orders\``);
    await queryRunner.query(`DROP INDEX \`idx_orders_user\` ON \`orders\``);
    await queryRunner.query(`DROP TABLE \`orders\``);
    await queryRunner.query(`DROP INDEX \`idx_sessions_expires\` ON \`sessions\``);
    await queryRunner.query(`DROP INDEX \`idx_sessions_user\` ON \`sessions\``);
    await queryRunner.query(`DROP TABLE \`sessions\``);
    await queryRunner.query(`DROP INDEX \`idx_login_tokens_user\` ON \`login_tokens\``);
    await queryRunner.query(`DROP INDEX \`uq_login_tokens_hash\` ON \`login_tokens\``);
    await queryRunner.query(`DROP TABLE \`login_tokens\``);
    await queryRunner.query(`DROP INDEX \`idx_audit_entity\` ON \`audit_log\``);
    await queryRunner.query(`DROP INDEX \`idx_audit_created\` ON \`audit_log\``);
    await queryRunner.query(`DROP TABLE \`audit_log\``);
  }
}
