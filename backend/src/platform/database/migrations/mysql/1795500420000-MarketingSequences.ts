import { MigrationInterface, QueryRunner } from 'typeorm';

/** Marketing sequences: steps, enrolments (unique per sequence and address) and the steps sent. */
export class MarketingSequences1795500420000 implements MigrationInterface {
  name = 'MarketingSequences1795500420000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`marketing_sequences\` (\`id\` int NOT NULL AUTO_INCREMENT, \`seedKey\` varchar(64) NULL, \`name\` varchar(120) NOT NULL, \`trigger\` varchar(32) NOT NULL, \`triggerValue\` varchar(64) NULL, \`active\` tinyint NOT NULL DEFAULT 1, \`utm\` tinyint NOT NULL DEFAULT 1, \`createdAt\` datetime(3) NOT NULL, \`updatedAt\` datetime(3) NOT NULL, UNIQUE INDEX \`uq_marketing_sequences_key\` (\`seedKey\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`marketing_sequence_steps\` (\`id\` int NOT NULL AUTO_INCREMENT, \`sequenceId\` int NOT NULL, \`position\` int NOT NULL, \`waitDays\` int NOT NULL, \`sendHour\` int NOT NULL, \`subject\` varchar(200) NOT NULL, \`body\` text NOT NULL, \`stopIfBought\` varchar(64) NULL, INDEX \`idx_marketing_steps_sequence\` (\`sequenceId\`, \`position\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`marketing_enrolments\` (\`id\` int NOT NULL AUTO_INCREMENT, \`sequenceId\` int NOT NULL, \`email\` varchar(254) COLLATE "utf8mb4_bin" NOT NULL, \`userId\` int NULL, \`status\` varchar(16) NOT NULL, \`lastPosition\` int NOT NULL DEFAULT '0', \`anchorAt\` datetime(3) NOT NULL, \`nextDueAt\` datetime(3) NULL, \`stoppedAtStepId\` int NULL, \`stopReason\` varchar(32) NULL, \`enrolledAt\` datetime(3) NOT NULL, \`updatedAt\` datetime(3) NOT NULL, INDEX \`idx_marketing_enrolment_due\` (\`status\`, \`nextDueAt\`), UNIQUE INDEX \`uq_marketing_enrolment\` (\`sequenceId\`, \`email\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`marketing_step_sends\` (\`id\` int NOT NULL AUTO_INCREMENT, \`enrolmentId\` int NOT NULL, \`stepId\` int NOT NULL, \`outboxId\` int NULL, \`sentAt\` datetime(3) NOT NULL, INDEX \`idx_marketing_step_sends_step\` (\`stepId\`), UNIQUE INDEX \`uq_marketing_step_send\` (\`enrolmentId\`, \`stepId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`marketing_step_sends\``);
    await queryRunner.query(`DROP TABLE \`marketing_enrolments\``);
    await queryRunner.query(`DROP TABLE \`marketing_sequence_steps\``);
    await queryRunner.query(`DROP TABLE \`marketing_sequences\``);
  }
}
