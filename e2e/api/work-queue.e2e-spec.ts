import type TestAgent from 'supertest/lib/agent';
import type { AdminWorkQueue } from '@academy/contracts';
import { LessonQuestion } from '../../backend/src/community/entities/lesson-question.entity';
import { MentorThread } from '../../backend/src/community/entities/mentor-thread.entity';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { OutboxMessage } from '../../backend/src/outbox/entities/outbox-message.entity';
import { adminAgent, createUser, insertOrder } from './admin-helpers';
import { startTestApp, uniqueEmail, type TestApp } from './support/test-app';

describe('admin API: the work queue', () => {
  let t: TestApp;
  let admin: TestAgent;

  beforeAll(async () => {
    t = await startTestApp();
    ({ agent: admin } = await adminAgent(t));
  });
  afterAll(() => t.close());

  const queue = async () => (await admin.get('/api/admin/work-queue').expect(200)).body as AdminWorkQueue;

  it('counts unanswered questions, waiting threads, failed mails and refusals awaiting their refund', async () => {
    const before = await queue();
    const user = await createUser(t, { email: uniqueEmail('ko') });
    const now = new Date();
    const question = (over: Partial<LessonQuestion>) =>
      t.ds.getRepository(LessonQuestion).insert({
        courseId: 'foundation',
        moduleId: 1,
        userId: user.id,
        askerName: 'Kari',
        body: 'Hvor setter jeg stop?',
        answered: false,
        hidden: false,
        pinned: false,
        createdAt: now,
        updatedAt: now,
        ...over,
      });
    await question({});
    await question({ answered: true, answerBody: 'Under støtten', answeredAt: now });
    await question({ hidden: true });
    const thread = (status: MentorThread['status']) =>
      t.ds
        .getRepository(MentorThread)
        .insert({ userId: user.id, title: 'EURUSD', status, lastMessageAt: now, createdAt: now, updatedAt: now });
    await thread('waiting');
    await thread('answered');
    const mail = (status: OutboxMessage['status']) =>
      t.ds.getRepository(OutboxMessage).insert({
        kind: 'receipt',
        toAddress: user.email,
        subject: 'Kvittering',
        status,
        attempts: 5,
        nextAttemptAt: now,
        createdAt: now,
      });
    await mail('failed');
    await mail('sent');
    const refused = await insertOrder(t, { email: user.email, status: 'paid' });
    await t.ds.getRepository(Order).update({ id: refused.id }, { refusal: 'already_owned' });
    const refunded = await insertOrder(t, { email: user.email, status: 'refunded', refundedOre: 199700 });
    await t.ds.getRepository(Order).update({ id: refunded.id }, { refusal: 'already_owned' });
    await insertOrder(t, { email: user.email, status: 'paid' });

    expect(await queue()).toEqual({
      unansweredQuestions: before.unansweredQuestions + 1,
      waitingThreads: before.waitingThreads + 1,
      failedMails: before.failedMails + 1,
      refusalsAwaitingRefund: before.refusalsAwaitingRefund + 1,
      paymentsToReview: before.paymentsToReview,
    });
  });

  it('is for administrators only', async () => {
    await t.http().get('/api/admin/work-queue').expect(401);
  });
});
