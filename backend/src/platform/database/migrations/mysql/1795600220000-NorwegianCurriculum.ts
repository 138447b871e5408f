import { MigrationInterface, QueryRunner } from 'typeorm';
import { applyNorwegianCurriculum } from '../norwegian-curriculum';

/** The prototype's English modules become the Norwegian curriculum; edited modules are kept (see norwegian-curriculum.ts). */
export class NorwegianCurriculum1795600220000 implements MigrationInterface {
  name = 'NorwegianCurriculum1795600220000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await applyNorwegianCurriculum(queryRunner, (n) => `\`${n}\``, new Date());
  }

  public async down(): Promise<void> {
    // Nothing to undo: the English prototype titles are not brought back, and the mentor may have used the new modules.
  }
}
