import { MigrationInterface, QueryRunner } from 'typeorm';

/** The student page: the mentor's notes on a student, and a new e-mail address waiting for the student's confirmation. */
export class StudentNotes1795750000000 implements MigrationInterface {
  name = 'StudentNotes1795750000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`users\` ADD \`adminNote\` varchar(2000) NULL`);
    await queryRunner.query(`ALTER TABLE \`users\` ADD \`pendingEmail\` varchar(254) COLLATE utf8mb4_bin NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`users\` DROP COLUMN \`pendingEmail\``);
    await queryRunner.query(`ALTER TABLE \`users\` DROP COLUMN \`adminNote\``);
  }
}
