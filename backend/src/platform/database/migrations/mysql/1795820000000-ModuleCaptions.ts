import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Captions and transcripts (issue 37): each module's captions (state, origin) and their timed lines,
 * the draft and the approved version, with a FULLTEXT index over the lines' plain text (InnoDB; the
 * column's case-insensitive collation makes "likviditet" find "Likviditeten").
 */
export class ModuleCaptions1795820000000 implements MigrationInterface {
  name = 'ModuleCaptions1795820000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`module_captions\` (\`moduleId\` int NOT NULL, \`state\` varchar(16) NOT NULL, \`source\` varchar(16) NOT NULL, \`muxAssetId\` varchar(100) NULL, \`muxTrackId\` varchar(100) NULL, \`approvedAt\` datetime(3) NULL, \`createdAt\` datetime(3) NOT NULL, \`updatedAt\` datetime(3) NOT NULL, PRIMARY KEY (\`moduleId\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`caption_cues\` (\`id\` int NOT NULL AUTO_INCREMENT, \`moduleId\` int NOT NULL, \`approved\` tinyint NOT NULL, \`position\` int NOT NULL, \`startMs\` int NOT NULL, \`endMs\` int NOT NULL, \`settings\` varchar(200) NOT NULL DEFAULT '', \`text\` text NOT NULL, \`plain\` text NOT NULL, INDEX \`idx_caption_cues_module\` (\`moduleId\`, \`approved\`, \`position\`), FULLTEXT INDEX \`ft_caption_cues_plain\` (\`plain\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`caption_cues\``);
    await queryRunner.query(`DROP TABLE \`module_captions\``);
  }
}
