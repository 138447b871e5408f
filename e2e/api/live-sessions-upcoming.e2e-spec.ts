import type TestAgent from 'supertest/lib/agent';
import { LiveSession } from '../../backend/src/live/entities/live-session.entity';
import { adminAgent, listQuery } from './admin-helpers';
import { startTestApp, type TestApp } from './support/test-app';

/** The panel lists the coming sessions first, nearest first: the `upcoming` filter and the ascending sort. */
describe('admin API: live sessions still to come', () => {
  let t: TestApp;
  let admin: TestAgent;
  const hours = (h: number) => new Date(Date.now() + h * 3_600_000);

  beforeAll(async () => {
    t = await startTestApp({ LIVE_REMINDER_INTERVAL_MS: '0', MAIL_POLL_INTERVAL_MS: '0' });
    ({ agent: admin } = await adminAgent(t));
    const repo = t.ds.getRepository(LiveSession);
    const session = (title: string, startsAt: Date) =>
      repo.insert({
        title,
        description: '',
        startsAt,
        durationMinutes: 60,
        joinUrl: 'https://meet.example.no/x',
        createdAt: new Date(),
        updatedAt: new Date(),
      } as never);
    await session('Om en måned', hours(24 * 30));
    await session('I morgen', hours(24));
    await session('Pågår nå', hours(-1));
    await session('I fjor', hours(-24 * 300));
  });
  afterAll(() => t.close());

  const titles = async (filter: Record<string, unknown>, sort: [string, string]) =>
    (await admin.get(`/api/admin/live-sessions${listQuery({ filter, sort })}`).expect(200)).body.map(
      (s: { title: string }) => s.title,
    );

  it('upcoming=true: the ones to come and the one under way, nearest first', async () => {
    expect(await titles({ upcoming: true }, ['startsAt', 'ASC'])).toEqual(['Pågår nå', 'I morgen', 'Om en måned']);
  });

  it('upcoming=false: the past ones', async () => {
    expect(await titles({ upcoming: false }, ['startsAt', 'DESC'])).toEqual(['I fjor']);
  });

  it('a bad value answers 400 in the API shape', async () => {
    const res = await admin.get(`/api/admin/live-sessions${listQuery({ filter: { upcoming: 'kanskje' } })}`).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: expect.any(String) });
  });
});
