import { MigrationInterface, QueryRunner } from 'typeorm';

/** Chart review and the mentor's inbox: threads, their messages and the chart images (files under UPLOAD_DIR). */
export class MentorThreads1795655000000 implements MigrationInterface {
  name = 'MentorThreads1795655000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`mentor_threads\` (\`id\` int NOT NULL AUTO_INCREMENT, \`userId\` int NOT NULL, \`title\` varchar(160) NOT NULL, \`status\` varchar(16) NOT NULL, \`queueRank\` int NOT NULL DEFAULT 2, \`messageCount\` int NOT NULL DEFAULT 0, \`lastMessageAt\` datetime(3) NOT NULL, \`createdAt\` datetime(3) NOT NULL, \`updatedAt\` datetime(3) NOT NULL, INDEX \`idx_mentor_threads_user\` (\`userId\`, \`createdAt\`), INDEX \`idx_mentor_threads_queue\` (\`queueRank\`, \`lastMessageAt\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`mentor_messages\` (\`id\` int NOT NULL AUTO_INCREMENT, \`threadId\` int NOT NULL, \`author\` varchar(16) NOT NULL, \`authorId\` int NULL, \`body\` text NOT NULL, \`createdAt\` datetime(3) NOT NULL, INDEX \`idx_mentor_messages_thread\` (\`threadId\`, \`id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`mentor_images\` (\`id\` int NOT NULL AUTO_INCREMENT, \`threadId\` int NOT NULL, \`messageId\` int NOT NULL, \`userId\` int NOT NULL, \`fileName\` varchar(64) NOT NULL, \`contentType\` varchar(32) NOT NULL, \`width\` int NOT NULL, \`height\` int NOT NULL, \`bytes\` int NOT NULL, \`createdAt\` datetime(3) NOT NULL, INDEX \`idx_mentor_images_message\` (\`messageId\`), INDEX \`idx_mentor_images_user\` (\`userId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`mentor_images\``);
    await queryRunner.query(`DROP TABLE \`mentor_messages\``);
    await queryRunner.query(`DROP TABLE \`mentor_threads\``);
  }
}
