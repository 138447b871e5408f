import { MigrationInterface, QueryRunner } from 'typeorm';

/** Questions on every lesson: asked by owners of a course under a module, answered and moderated by the mentor. */
export class LessonQuestions1795650000000 implements MigrationInterface {
  name = 'LessonQuestions1795650000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`lesson_questions\` (\`id\` int NOT NULL AUTO_INCREMENT, \`courseId\` varchar(32) NOT NULL, \`moduleId\` int NOT NULL, \`userId\` int NULL, \`askerName\` varchar(100) NULL, \`body\` text NOT NULL, \`answered\` tinyint NOT NULL DEFAULT 0, \`answerBody\` text NULL, \`answeredAt\` datetime(3) NULL, \`answeredBy\` int NULL, \`hidden\` tinyint NOT NULL DEFAULT 0, \`pinned\` tinyint NOT NULL DEFAULT 0, \`createdAt\` datetime(3) NOT NULL, \`updatedAt\` datetime(3) NOT NULL, INDEX \`idx_lesson_questions_user\` (\`userId\`), INDEX \`idx_lesson_questions_module\` (\`courseId\`, \`moduleId\`, \`createdAt\`), INDEX \`idx_lesson_questions_queue\` (\`answered\`, \`createdAt\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`idx_lesson_questions_queue\` ON \`lesson_questions\``);
    await queryRunner.query(`DROP INDEX \`idx_lesson_questions_module\` ON \`lesson_questions\``);
    await queryRunner.query(`DROP INDEX \`idx_lesson_questions_user\` ON \`lesson_questions\``);
    await queryRunner.query(`DROP TABLE \`lesson_questions\``);
  }
}
