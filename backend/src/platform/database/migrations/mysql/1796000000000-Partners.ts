import { MigrationInterface, QueryRunner } from 'typeorm';

/** Partners (affiliates): their codes, the commission ledger, payouts and clicks per day. */
export class Partners1796000000000 implements MigrationInterface {
  name = 'Partners1796000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`partners\` (\`id\` int NOT NULL AUTO_INCREMENT, \`userId\` int NULL, \`name\` varchar(200) NULL, \`email\` varchar(254) COLLATE utf8mb4_bin NULL, \`commissionBp\` int NULL, \`commissionOre\` int NULL, \`includeRenewals\` tinyint NOT NULL DEFAULT 0, \`createdAt\` datetime(3) NOT NULL, \`updatedAt\` datetime(3) NOT NULL, \`erasedAt\` datetime(3) NULL, \`eraseAfterPayout\` tinyint NOT NULL DEFAULT 0, INDEX \`idx_partners_user\` (\`userId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`partner_codes\` (\`code\` varchar(40) COLLATE utf8mb4_bin NOT NULL, \`partnerId\` int NOT NULL, INDEX \`idx_partner_codes_partner\` (\`partnerId\`), PRIMARY KEY (\`code\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`partner_commissions\` (\`id\` int NOT NULL AUTO_INCREMENT, \`partnerId\` int NOT NULL, \`orderId\` int NOT NULL, \`courseId\` varchar(32) NOT NULL, \`code\` varchar(40) COLLATE utf8mb4_bin NULL, \`kind\` varchar(8) NOT NULL, \`baseOre\` int NOT NULL, \`earnedOre\` int NOT NULL, \`amountOre\` int NOT NULL, \`status\` varchar(8) NOT NULL DEFAULT 'pending', \`approvesAt\` datetime(3) NOT NULL, \`payoutId\` int NULL, \`createdAt\` datetime(3) NOT NULL, \`updatedAt\` datetime(3) NOT NULL, UNIQUE INDEX \`uq_partner_commissions_order\` (\`orderId\`), INDEX \`idx_partner_commissions_partner\` (\`partnerId\`, \`status\`), INDEX \`idx_partner_commissions_payout\` (\`payoutId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`partner_payouts\` (\`id\` int NOT NULL AUTO_INCREMENT, \`partnerId\` int NOT NULL, \`paidOn\` varchar(10) NOT NULL, \`reference\` varchar(140) NOT NULL, \`totalOre\` int NOT NULL, \`commissions\` int NOT NULL, \`createdBy\` int NULL, \`createdAt\` datetime(3) NOT NULL, INDEX \`idx_partner_payouts_partner\` (\`partnerId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`partner_clicks\` (\`partnerId\` int NOT NULL, \`day\` varchar(10) NOT NULL, \`clicks\` int NOT NULL DEFAULT 0, PRIMARY KEY (\`partnerId\`, \`day\`)) ENGINE=InnoDB`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`partner_clicks\``);
    await queryRunner.query(`DROP TABLE \`partner_payouts\``);
    await queryRunner.query(`DROP TABLE \`partner_commissions\``);
    await queryRunner.query(`DROP TABLE \`partner_codes\``);
    await queryRunner.query(`DROP TABLE \`partners\``);
  }
}
