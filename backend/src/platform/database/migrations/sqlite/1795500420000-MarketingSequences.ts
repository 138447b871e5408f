import { MigrationInterface, QueryRunner } from 'typeorm';

/** Marketing sequences: steps, enrolments (unique per sequence and address) and the steps sent. */
export class MarketingSequences1795500420000 implements MigrationInterface {
  name = 'MarketingSequences1795500420000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "marketing_sequences" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "seedKey" varchar(64), "name" varchar(120) NOT NULL, "trigger" varchar(32) NOT NULL, "triggerValue" varchar(64), "active" boolean NOT NULL DEFAULT (1), "utm" boolean NOT NULL DEFAULT (1), "createdAt" datetime(3) NOT NULL, "updatedAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_marketing_sequences_key" ON "marketing_sequences" ("seedKey")`);
    await queryRunner.query(
      `CREATE TABLE "marketing_sequence_steps" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "sequenceId" integer NOT NULL, "position" integer NOT NULL, "waitDays" integer NOT NULL, "sendHour" integer NOT NULL, "subject" varchar(200) NOT NULL, "body" text NOT NULL, "stopIfBought" varchar(64))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_marketing_steps_sequence" ON "marketing_sequence_steps" ("sequenceId", "position")`,
    );
    await queryRunner.query(
      `CREATE TABLE "marketing_enrolments" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "sequenceId" integer NOT NULL, "email" varchar(254) NOT NULL, "userId" integer, "status" varchar(16) NOT NULL, "lastPosition" integer NOT NULL DEFAULT (0), "anchorAt" datetime(3) NOT NULL, "nextDueAt" datetime(3), "stoppedAtStepId" integer, "stopReason" varchar(32), "enrolledAt" datetime(3) NOT NULL, "updatedAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_marketing_enrolment_due" ON "marketing_enrolments" ("status", "nextDueAt")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_marketing_enrolment" ON "marketing_enrolments" ("sequenceId", "email")`);
    await queryRunner.query(
      `CREATE TABLE "marketing_step_sends" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "enrolmentId" integer NOT NULL, "stepId" integer NOT NULL, "outboxId" integer, "sentAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_marketing_step_sends_step" ON "marketing_step_sends" ("stepId")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_marketing_step_send" ON "marketing_step_sends" ("enrolmentId", "stepId")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "marketing_step_sends"`);
    await queryRunner.query(`DROP TABLE "marketing_enrolments"`);
    await queryRunner.query(`DROP TABLE "marketing_sequence_steps"`);
    await queryRunner.query(`DROP TABLE "marketing_sequences"`);
  }
}
