import { MigrationInterface, QueryRunner } from 'typeorm';
import { applyCryptoCourses } from '../crypto-courses';

/** Microkurs and Temakurs become courses with modules and a player (see crypto-courses.ts). */
export class CryptoCourses1795616000000 implements MigrationInterface {
  name = 'CryptoCourses1795616000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await applyCryptoCourses(queryRunner, (n) => `\`${n}\``, new Date());
  }

  public async down(): Promise<void> {
    // Nothing to undo: students may own the courses and the mentor may have edited their modules.
  }
}
