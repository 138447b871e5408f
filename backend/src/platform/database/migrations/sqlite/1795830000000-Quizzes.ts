import { MigrationInterface, QueryRunner } from 'typeorm';

/** Quizzes on modules (one per module) and the students' attempts at them. */
export class Quizzes1795830000000 implements MigrationInterface {
  name = 'Quizzes1795830000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "quizzes" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "moduleId" integer NOT NULL, "passPercent" integer NOT NULL, "questions" text NOT NULL, "version" integer NOT NULL DEFAULT (1), "createdAt" datetime(3) NOT NULL, "updatedAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_quizzes_module" ON "quizzes" ("moduleId") `);
    await queryRunner.query(
      `CREATE TABLE "quiz_attempts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "quizId" integer NOT NULL, "quizVersion" integer NOT NULL, "userId" integer NOT NULL, "courseId" varchar(32) NOT NULL, "moduleId" integer NOT NULL, "answers" text NOT NULL, "wrongQuestions" text NOT NULL, "scorePercent" integer NOT NULL, "passed" boolean NOT NULL, "createdAt" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_quiz_attempts_user_course" ON "quiz_attempts" ("userId", "courseId") `);
    await queryRunner.query(`CREATE INDEX "idx_quiz_attempts_quiz" ON "quiz_attempts" ("quizId", "createdAt") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_quiz_attempts_quiz"`);
    await queryRunner.query(`DROP INDEX "idx_quiz_attempts_user_course"`);
    await queryRunner.query(`DROP TABLE "quiz_attempts"`);
    await queryRunner.query(`DROP INDEX "uq_quizzes_module"`);
    await queryRunner.query(`DROP TABLE "quizzes"`);
  }
}
