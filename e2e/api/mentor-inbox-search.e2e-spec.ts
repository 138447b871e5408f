import type TestAgent from 'supertest/lib/agent';
import { MentorThread } from '../../backend/src/community/entities/mentor-thread.entity';
import { User } from '../../backend/src/identity/entities/user.entity';
import { adminAgent, createUser, listQuery } from './admin-helpers';
import { startTestApp, type TestApp } from './support/test-app';

/** The inbox's search finds a thread by its title, and by the student's e-mail or name. */
describe('admin API: searching the inbox', () => {
  let t: TestApp;
  let admin: TestAgent;
  const tag = Date.now().toString(36);

  beforeAll(async () => {
    t = await startTestApp();
    ({ agent: admin } = await adminAgent(t));
    const kari = await createUser(t, { email: `kari.${tag}@elev.no` });
    await t.ds.getRepository(User).update({ id: kari.id }, { firstName: 'Kari', lastName: `Nordmann${tag}` });
    const ola = await createUser(t, { email: `ola.${tag}@elev.no` });
    const now = new Date();
    const thread = (userId: number, title: string) =>
      t.ds
        .getRepository(MentorThread)
        .insert({ userId, title, status: 'waiting', lastMessageAt: now, createdAt: now, updatedAt: now });
    await thread(kari.id, `EURUSD-oppsett ${tag}`);
    await thread(ola.id, `Gull på dagsgraf ${tag}`);
  });
  afterAll(() => t.close());

  const titles = async (q: string) =>
    (await admin.get(`/api/admin/mentor-threads${listQuery({ filter: { q } })}`).expect(200)).body.map(
      (r: { title: string }) => r.title,
    );

  it('by the title, as before', async () => {
    expect(await titles(`eurusd-oppsett ${tag}`)).toEqual([`EURUSD-oppsett ${tag}`]);
  });

  it("by the student's e-mail (any part of it, any case) and name", async () => {
    expect(await titles(`KARI.${tag}`)).toEqual([`EURUSD-oppsett ${tag}`]);
    expect(await titles(`ola.${tag}@elev`)).toEqual([`Gull på dagsgraf ${tag}`]);
    expect(await titles(`nordmann${tag}`)).toEqual([`EURUSD-oppsett ${tag}`]);
    expect((await titles(tag)).sort()).toEqual([`EURUSD-oppsett ${tag}`, `Gull på dagsgraf ${tag}`]);
  });

  it('LIKE wildcards are plain characters', async () => {
    expect(await titles('%')).toEqual([]);
  });
});
