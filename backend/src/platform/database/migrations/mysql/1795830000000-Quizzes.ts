import { MigrationInterface, QueryRunner } from 'typeorm';

/** Quizzes on modules (one per module) and the students' attempts at them. */
export class Quizzes1795830000000 implements MigrationInterface {
  name = 'Quizzes1795830000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`quizzes\` (\`id\` int NOT NULL AUTO_INCREMENT, \`moduleId\` int NOT NULL, \`passPercent\` int NOT NULL, \`questions\` text NOT NULL, \`version\` int NOT NULL DEFAULT '1', \`createdAt\` datetime(3) NOT NULL, \`updatedAt\` datetime(3) NOT NULL, UNIQUE INDEX \`uq_quizzes_module\` (\`moduleId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`quiz_attempts\` (\`id\` int NOT NULL AUTO_INCREMENT, \`quizId\` int NOT NULL, \`quizVersion\` int NOT NULL, \`userId\` int NOT NULL, \`courseId\` varchar(32) NOT NULL, \`moduleId\` int NOT NULL, \`answers\` text NOT NULL, \`wrongQuestions\` text NOT NULL, \`scorePercent\` int NOT NULL, \`passed\` tinyint NOT NULL, \`createdAt\` datetime(3) NOT NULL, INDEX \`idx_quiz_attempts_user_course\` (\`userId\`, \`courseId\`), INDEX \`idx_quiz_attempts_quiz\` (\`quizId\`, \`createdAt\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`idx_quiz_attempts_quiz\` ON \`quiz_attempts\``);
    await queryRunner.query(`DROP INDEX \`idx_quiz_attempts_user_course\` ON \`quiz_attempts\``);
    await queryRunner.query(`DROP TABLE \`quiz_attempts\``);
    await queryRunner.query(`DROP INDEX \`uq_quizzes_module\` ON \`quizzes\``);
    await queryRunner.query(`DROP TABLE \`quizzes\``);
  }
}
