import { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1795283004018 implements MigrationInterface {
  name = 'Initial1795283004018';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "audit_log" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "actorId" integer, "actorEmail" varchar(254), "action" varchar(64) NOT NULL, "entity" varchar(64) NOT NULL, "entityId" varchar(64), "before" text, "after" text, "createdAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_audit_created" ON "audit_log" ("createdAt") `);
    await queryRunner.query(`CREATE INDEX "idx_audit_entity" ON "audit_log" ("entity", "entityId") `);
    await queryRunner.query(
      `CREATE TABLE "login_tokens" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "tokenHash" varchar(64) NOT NULL, "userId" integer NOT NULL, "purpose" varchar(16) NOT NULL DEFAULT ('login'), "createdAt" datetime(3) NOT NULL, "expiresAt" datetime(3) NOT NULL, "usedAt" datetime(3))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_login_tokens_hash" ON "login_tokens" ("tokenHash") `);
    await queryRunner.query(`CREATE INDEX "idx_login_tokens_user" ON "login_tokens" ("userId") `);
    await queryRunner.query(
      `CREATE TABLE "sessions" ("tokenHash" varchar(64) PRIMARY KEY NOT NULL, "userId" integer NOT NULL, "createdAt" datetime(3) NOT NULL, "lastSeenAt" datetime(3) NOT NULL, "expiresAt" datetime(3) NOT NULL, "ip" varchar(64), "userAgent" varchar(300))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_sessions_user" ON "sessions" ("userId") `);
    await queryRunner.query(`CREATE INDEX "idx_sessions_expires" ON "sessions" ("expiresAt") `);
    await queryRunner.query(
      `CREATE TABLE "orders" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "userId" integer, "email" varchar(254) NOT NULL, "firstName" varchar(100) NOT NULL, "lastName" varchar(100) NOT NULL, "courseId" varchar(32) NOT NULL, "amountOre" integer NOT NULL, "currency" varchar(3) NOT NULL DEFAULT ('NOK'), "paymentMethod" varchar(16) NOT NULL, "provider" varchar(16) NOT NULL, "status" varchar(24) NOT NULL DEFAULT ('pending'), "stripeSessionId" varchar(255), "stripePaymentIntentId" varchar(255), "refundedOre" integer NOT NULL DEFAULT (0), "termsAcceptedAt" datetime(3), "createdAt" datetime(3) NOT NULL, "updatedAt" datetime(3) NOT NULL, "paidAt" datetime(3), "anonymisedAt" datetime(3), "trafficSource" varchar(16), "landingPath" varchar(200), "referrer" varchar(300), "utmSource" varchar(100), "utmMedium" varchar(100), "utmCampaign" varchar(100), "utmTerm" varchar(100), "utmContent" varchar(100))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_orders_user" ON "orders" ("userId") `);
    await queryRunner.query(`CREATE INDEX "idx_orders_email" ON "orders" ("email") `);
    await queryRunner.query(`CREATE INDEX "idx_orders_status" ON "orders" ("status") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_orders_stripe_session" ON "orders" ("stripeSessionId") `);
    await queryRunner.query(`CREATE INDEX "idx_orders_created" ON "orders" ("createdAt") `);
    await queryRunner.query(
      `CREATE TABLE "rate_limits" ("key" varchar(191) PRIMARY KEY NOT NULL, "hits" integer NOT NULL, "expiresAt" bigint NOT NULL, "blockedUntil" bigint NOT NULL DEFAULT (0))`,
    );
    await queryRunner.query(
      `CREATE TABLE "settings" ("key" varchar(64) PRIMARY KEY NOT NULL, "value" text NOT NULL, "updatedAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE TABLE "modules" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "courseId" varchar(32) NOT NULL, "position" integer NOT NULL DEFAULT (0), "title" varchar(200) NOT NULL, "description" text NOT NULL, "durationMinutes" integer NOT NULL DEFAULT (0), "videoId" varchar(32), "topics" text NOT NULL, "published" boolean NOT NULL DEFAULT (1), "createdAt" datetime(3) NOT NULL, "updatedAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_modules_course_position" ON "modules" ("courseId", "position") `);
    await queryRunner.query(
      `CREATE TABLE "courses" ("id" varchar(32) PRIMARY KEY NOT NULL, "title" varchar(120) NOT NULL, "description" text NOT NULL, "sortOrder" integer NOT NULL DEFAULT (0), "published" boolean NOT NULL DEFAULT (1), "updatedAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE TABLE "grants" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "userId" integer NOT NULL, "courseId" varchar(32) NOT NULL, "source" varchar(16) NOT NULL, "orderId" integer, "note" varchar(500), "grantedBy" integer, "grantedAt" datetime(3) NOT NULL, "revokedAt" datetime(3), "revokedBy" integer)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_grants_order" ON "grants" ("orderId") `);
    await queryRunner.query(`CREATE INDEX "idx_grants_user_course" ON "grants" ("userId", "courseId") `);
    await queryRunner.query(
      `CREATE TABLE "leads" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "email" varchar(254) NOT NULL, "courseType" varchar(32) NOT NULL, "source" varchar(200) NOT NULL, "userId" integer, "contacted" boolean NOT NULL DEFAULT (0), "note" text, "unsubscribedAt" datetime(3), "createdAt" datetime(3) NOT NULL, "trafficSource" varchar(16), "landingPath" varchar(200), "referrer" varchar(300), "utmSource" varchar(100), "utmMedium" varchar(100), "utmCampaign" varchar(100), "utmTerm" varchar(100), "utmContent" varchar(100))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_leads_email" ON "leads" ("email") `);
    await queryRunner.query(`CREATE INDEX "idx_leads_user" ON "leads" ("userId") `);
    await queryRunner.query(`CREATE INDEX "idx_leads_created" ON "leads" ("createdAt") `);
    await queryRunner.query(
      `CREATE TABLE "outbox" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "kind" varchar(32) NOT NULL, "toAddress" varchar(254) NOT NULL, "subject" varchar(300) NOT NULL, "html" text NOT NULL, "textBody" text NOT NULL, "status" varchar(16) NOT NULL DEFAULT ('pending'), "attempts" integer NOT NULL DEFAULT (0), "nextAttemptAt" datetime(3) NOT NULL, "lockedBy" varchar(64), "lockedUntil" datetime(3), "lastError" text, "sentAt" datetime(3), "userId" integer, "createdAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_outbox_user" ON "outbox" ("userId") `);
    await queryRunner.query(`CREATE INDEX "idx_outbox_due" ON "outbox" ("status", "nextAttemptAt") `);
    await queryRunner.query(
      `CREATE TABLE "refunds" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "orderId" integer NOT NULL, "amountOre" integer NOT NULL, "reason" varchar(500) NOT NULL, "stripeRefundId" varchar(255), "status" varchar(24) NOT NULL DEFAULT ('succeeded'), "createdBy" integer, "createdAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_refunds_order" ON "refunds" ("orderId") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_refunds_stripe" ON "refunds" ("stripeRefundId") `);
    await queryRunner.query(
      `CREATE TABLE "webhook_events" ("id" varchar(255) PRIMARY KEY NOT NULL, "type" varchar(100) NOT NULL, "processedAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE TABLE "progress" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "userId" integer NOT NULL, "courseId" varchar(32) NOT NULL, "completedModules" text NOT NULL, "currentModule" integer NOT NULL DEFAULT (0), "lastUpdated" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_progress_user_course" ON "progress" ("userId", "courseId") `);
    await queryRunner.query(
      `CREATE TABLE "users" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "email" varchar(254) NOT NULL, "passwordHash" varchar(255), "role" varchar(16) NOT NULL DEFAULT ('student'), "firstName" varchar(100), "lastName" varchar(100), "createdAt" datetime(3) NOT NULL, "updatedAt" datetime(3) NOT NULL, "passwordChangedAt" datetime(3), "firstTrafficsource" varchar(16), "firstLandingpath" varchar(200), "firstReferrer" varchar(300), "firstUtmsource" varchar(100), "firstUtmmedium" varchar(100), "firstUtmcampaign" varchar(100), "firstUtmterm" varchar(100), "firstUtmcontent" varchar(100))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_users_email" ON "users" ("email") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "uq_users_email"`);
    await queryRunner.query(`DROP TABLE "users"`);
    await queryRunner.query(`DROP INDEX "uq_progress_user_course"`);
    await queryRunner.query(`DROP TABLE "progress"`);
    await queryRunner.query(`DROP TABLE "webhook_events"`);
    await queryRunner.query(`DROP INDEX "uq_refunds_stripe"`);
    await queryRunner.query(`DROP INDEX "idx_refunds_order"`);
    await queryRunner.query(`DROP TABLE "refunds"`);
    await queryRunner.query(`DROP INDEX "idx_outbox_due"`);
    await queryRunner.query(`DROP INDEX "idx_outbox_user"`);
    await queryRunner.query(`DROP TABLE "outbox"`);
    await queryRunner.query(`DROP INDEX "idx_leads_created"`);
    await queryRunner.query(`DROP INDEX "idx_leads_user"`);
    await queryRunner.query(`DROP INDEX "idx_leads_email"`);
    await queryRunner.query(`DROP TABLE "leads"`);
    await queryRunner.query(`DROP INDEX "idx_grants_user_course"`);
    await queryRunner.query(`DROP INDEX "uq_grants_order"`);
    await queryRunner.query(`DROP TABLE "grants"`);
    await queryRunner.query(`DROP TABLE "courses"`);
    await queryRunner.query(`DROP INDEX "idx_modules_course_position"`);
    await queryRunner.query(`DROP TABLE "modules"`);
    await queryRunner.query(`DROP TABLE "settings"`);
    await queryRunner.query(`DROP TABLE "rate_limits"`);
    await queryRunner.query(`DROP INDEX "idx_orders_created"`);
    await queryRunner.query(`DROP INDEX "uq_orders_stripe_session"`);
    await queryRunner.query(`DROP INDEX "idx_orders_status"`);
    await queryRunner.query(`DROP INDEX "idx_orders_email"`);
    await queryRunner.query(`DROP INDEX "idx_orders_user"`);
    await queryRunner.query(`DROP TABLE "orders"`);
    await queryRunner.query(`DROP INDEX "idx_sessions_expires"`);
    await queryRunner.query(`DROP INDEX "idx_sessions_user"`);
    await queryRunner.query(`DROP TABLE "sessions"`);
    await queryRunner.query(`DROP INDEX "idx_login_tokens_user"`);
    await queryRunner.query(`DROP INDEX "uq_login_tokens_hash"`);
    await queryRunner.query(`DROP TABLE "login_tokens"`);
    await queryRunner.query(`DROP INDEX "idx_audit_entity"`);
    await queryRunner.query(`DROP INDEX "idx_audit_created"`);
    await queryRunner.query(`DROP TABLE "audit_log"`);
  }
}
