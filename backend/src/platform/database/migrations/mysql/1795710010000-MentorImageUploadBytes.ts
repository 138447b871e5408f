import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The size of each chart image as the student uploaded it, for the daily limit on image bytes
 * (MENTOR_IMAGE_MB_PER_DAY). The mentor's images stay null (they never count); a student's image
 * from before counts with its stored size.
 */
export class MentorImageUploadBytes1795710010000 implements MigrationInterface {
  name = 'MentorImageUploadBytes1795710010000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`mentor_images\` ADD \`uploadBytes\` int NULL`);
    await queryRunner.query(
      `UPDATE \`mentor_images\` SET \`uploadBytes\` = \`bytes\`
       WHERE \`messageId\` IN (SELECT \`id\` FROM \`mentor_messages\` WHERE \`author\` = 'student')`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`mentor_images\` DROP COLUMN \`uploadBytes\``);
  }
}
