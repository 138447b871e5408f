import { MigrationInterface, QueryRunner } from 'typeorm';

/** Questions on every lesson: asked by owners of a course under a module, answered and moderated by the mentor. */
export class LessonQuestions1795650000000 implements MigrationInterface {
  name = 'LessonQuestions1795650000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "lesson_questions" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "courseId" varchar(32) NOT NULL, "moduleId" integer NOT NULL, "userId" integer, "askerName" varchar(100), "body" text NOT NULL, "answered" boolean NOT NULL DEFAULT (0), "answerBody" text, "answeredAt" datetime(3), "answeredBy" integer, "hidden" boolean NOT NULL DEFAULT (0), "pinned" boolean NOT NULL DEFAULT (0), "createdAt" datetime(3) NOT NULL, "updatedAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_lesson_questions_user" ON "lesson_questions" ("userId") `);
    await queryRunner.query(
      `CREATE INDEX "idx_lesson_questions_module" ON "lesson_questions" ("courseId", "moduleId", "createdAt") `,
    );
    await queryRunner.query(`CREATE INDEX "idx_lesson_questions_queue" ON "lesson_questions" ("answered", "createdAt") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_lesson_questions_queue"`);
    await queryRunner.query(`DROP INDEX "idx_lesson_questions_module"`);
    await queryRunner.query(`DROP INDEX "idx_lesson_questions_user"`);
    await queryRunner.query(`DROP TABLE "lesson_questions"`);
  }
}
