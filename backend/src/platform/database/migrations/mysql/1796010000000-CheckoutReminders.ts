import { MigrationInterface, QueryRunner } from 'typeorm';

/** Checkout reminders (docs/decisions.md "Checkout reminders"): the plans and each reminder sent, one per (plan, number). */
export class CheckoutReminders1796010000000 implements MigrationInterface {
  name = 'CheckoutReminders1796010000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`checkout_reminder_plans\` (\`id\` int NOT NULL AUTO_INCREMENT, \`email\` varchar(254) COLLATE utf8mb4_bin NOT NULL, \`courseId\` varchar(32) NOT NULL, \`orderId\` int NOT NULL, \`consentAt\` datetime(3) NULL, \`consentText\` varchar(200) NULL, \`startedAt\` datetime(3) NOT NULL, \`lastCheckoutAt\` datetime(3) NOT NULL, \`stoppedAt\` datetime(3) NULL, \`stopReason\` varchar(16) NULL, \`recoveredOrderId\` int NULL, \`recoveredOre\` int NULL, INDEX \`idx_checkout_reminder_plans_open\` (\`stoppedAt\`, \`lastCheckoutAt\`), INDEX \`idx_checkout_reminder_plans_address\` (\`email\`, \`courseId\`), INDEX \`idx_checkout_reminder_plans_started\` (\`startedAt\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`checkout_reminders\` (\`id\` int NOT NULL AUTO_INCREMENT, \`planId\` int NOT NULL, \`number\` int NOT NULL, \`basis\` varchar(16) NOT NULL, \`basisDetail\` varchar(300) NOT NULL, \`sentAt\` datetime(3) NOT NULL, UNIQUE INDEX \`uq_checkout_reminders_plan_number\` (\`planId\`, \`number\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`checkout_reminders\``);
    await queryRunner.query(`DROP TABLE \`checkout_reminder_plans\``);
  }
}
