import type { EntityManager } from 'typeorm';
import { In } from 'typeorm';
import type { MentorImage as MentorImageView, MentorMessage as MentorMessageView, MentorThreadSummary } from '@academy/contracts';
import { MentorImage } from '../entities/mentor-image.entity';
import { MentorMessage } from '../entities/mentor-message.entity';
import type { MentorThread } from '../entities/mentor-thread.entity';
import { renderQuestionMarkdown } from '../markdown';

export const imageView = (img: MentorImage): MentorImageView => ({
  id: img.id,
  url: `/api/mentor/images/${img.id}`,
  thumbUrl: `/api/mentor/images/${img.id}?thumb=1`,
  width: img.width,
  height: img.height,
});

export const summaryView = (t: MentorThread): MentorThreadSummary => ({
  id: t.id,
  title: t.title,
  status: t.status,
  createdAt: t.createdAt.toISOString(),
  lastMessageAt: t.lastMessageAt.toISOString(),
  messageCount: t.messageCount,
});

/** A thread's messages, oldest first, each with its images (two queries). */
export async function messagesOf(
  m: EntityManager,
  threadId: number,
  names: { student: string; mentor: string },
): Promise<MentorMessageView[]> {
  const messages = await m.getRepository(MentorMessage).find({ where: { threadId }, order: { id: 'ASC' } });
  const images = messages.length
    ? await m.getRepository(MentorImage).find({ where: { messageId: In(messages.map((x) => x.id)) }, order: { id: 'ASC' } })
    : [];
  return messages.map((msg) => ({
    id: msg.id,
    author: msg.author,
    authorName: msg.author === 'mentor' ? names.mentor : names.student,
    body: msg.body,
    bodyHtml: renderQuestionMarkdown(msg.body),
    images: images.filter((i) => i.messageId === msg.id).map(imageView),
    createdAt: msg.createdAt.toISOString(),
  }));
}
