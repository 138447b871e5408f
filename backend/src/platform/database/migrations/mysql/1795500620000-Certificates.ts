import { MigrationInterface, QueryRunner } from 'typeorm';

/** Course certificates: one per student and course, with a public verification code. */
export class Certificates1795500620000 implements MigrationInterface {
  name = 'Certificates1795500620000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`certificates\` (\`id\` int NOT NULL AUTO_INCREMENT, \`code\` varchar(32) NOT NULL, \`userId\` int NOT NULL, \`courseId\` varchar(32) NOT NULL, \`courseTitle\` varchar(120) NOT NULL, \`holderName\` varchar(210) NULL, \`issuedAt\` datetime(3) NOT NULL, \`revokedAt\` datetime(3) NULL, \`revokedBy\` int NULL, UNIQUE INDEX \`uq_certificates_code\` (\`code\`), UNIQUE INDEX \`uq_certificates_user_course\` (\`userId\`, \`courseId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`uq_certificates_user_course\` ON \`certificates\``);
    await queryRunner.query(`DROP INDEX \`uq_certificates_code\` ON \`certificates\``);
    await queryRunner.query(`DROP TABLE \`certificates\``);
  }
}
