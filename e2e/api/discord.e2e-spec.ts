import type TestAgent from 'supertest/lib/agent';
import { DISCORD_MSG, type AdminDiscordView, type MeResponse } from '@academy/contracts';
import { Grant } from '../../backend/src/access/entities/grant.entity';
import { GrantsService } from '../../backend/src/access/grants.service';
import { DISCORD_CONNECTS_PER_WINDOW } from '../../backend/src/community/discord/discord.controller';
import { DiscordWorker } from '../../backend/src/community/discord/discord-worker';
import { DiscordOAuthState } from '../../backend/src/community/entities/discord-oauth-state.entity';
import { DiscordRoleChange } from '../../backend/src/community/entities/discord-role-change.entity';
import { MembershipService } from '../../backend/src/membership/membership.service';
import { RefundsService } from '../../backend/src/orders/refunds/refunds.service';
import { AuditLog } from '../../backend/src/platform/audit/entities/audit-log.entity';
import { ManualClock } from '../../backend/src/platform/time/clock';
import { adminAgent, demoPurchase } from './admin-helpers';
import { FAKE_DISCORD, startFakeDiscord, type DiscordAccount, type FakeDiscord } from './support/fake-discord';
import { loginAs, startTestApp, uniqueEmail, type TestApp } from './support/test-app';

const DAY = 86_400_000;
const R = FAKE_DISCORD.roles;
let nextDiscordId = 400000000000000000n;

describe('The private Discord: linking, roles that follow access, reconciliation (fake Discord REST server)', () => {
  let fake: FakeDiscord;
  let t: TestApp;
  let worker: DiscordWorker;
  let admin: TestAgent;
  const START = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  const clock = new ManualClock(START);

  beforeAll(async () => {
    fake = await startFakeDiscord();
    t = await startTestApp({ ...fake.env(), MAIL_POLL_INTERVAL_MS: '0', MEMBERSHIP_INTERVAL_MS: '0' }, { clock });
    worker = t.app.get(DiscordWorker);
    admin = (await adminAgent(t)).agent;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    clock.set(START);
    fake.down = false;
    fake.rateLimitNext(0);
  });

  const account = (): DiscordAccount => ({ id: String(nextDiscordId++), username: `elev${nextDiscordId % 1000n}` });
  const rolesOf = (a: DiscordAccount) => [...(fake.members.get(a.id) ?? [])].sort();

  /** "Koble til Discord" → Discord's consent page → back to the callback; answers the settings page it lands on. */
  async function link(agent: TestAgent, a: DiscordAccount): Promise<string> {
    const start = await agent.get('/api/account/discord/connect').expect(302);
    const back = fake.consent(start.headers.location, a);
    const res = await agent.get(back).expect(302);
    return res.headers.location;
  }

  it('me tells whether the account is linked (and that the site has Discord)', async () => {
    const { agent } = await loginAs(t, { courses: ['foundation'] });
    const me = (await agent.get('/api/auth/me').expect(200)).body as MeResponse;
    expect(me.discord).toEqual({ enabled: true, linked: false, username: null });
  });

  it('linking: the authorize URL asks identify + guilds.join with a state; the callback joins the server with the roles owned', async () => {
    const { agent } = await loginAs(t, { courses: ['foundation'] });
    const start = await agent.get('/api/account/discord/connect').expect(302);
    const authorize = new URL(start.headers.location);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${fake.url}/oauth2/authorize`);
    expect(authorize.searchParams.get('scope')).toBe('identify guilds.join');
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/account/discord/callback');
    expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{32}$/);

    const a = account();
    const res = await agent.get(fake.consent(start.headers.location, a)).expect(302);
    expect(res.headers.location).toBe('/account/settings?discord=linked');
    expect(rolesOf(a)).toEqual([R.foundation]);
    const join = fake.calls.find((c) => c.method === 'PUT' && c.path.endsWith(`/members/${a.id}`))!;
    expect(join).toMatchObject({ status: 201, body: { roles: [R.foundation], access_token: expect.any(String) } });
    const me = (await agent.get('/api/auth/me').expect(200)).body as MeResponse;
    expect(me.discord).toEqual({ enabled: true, linked: true, username: a.username });
    // The data export names the linked account.
    const exported = (await agent.get('/api/account/export').expect(200)).body as { discord: unknown };
    expect(exported.discord).toEqual({ discordUserId: a.id, username: a.username, linkedAt: expect.any(String) });
  });

  it('a forged, foreign, reused or expired state is refused, and nothing is linked', async () => {
    const { agent } = await loginAs(t, { courses: ['foundation'] });
    const { agent: other } = await loginAs(t, { courses: ['foundation'] });
    const a = account();
    // Forged: a state this site never issued.
    const forged = fake
      .consent((await agent.get('/api/account/discord/connect')).headers.location, a)
      .replace(/state=[^&]+/, 'state=forfalsket');
    expect((await agent.get(forged).expect(302)).headers.location).toBe('/account/settings?discord=state');
    // Foreign: another session's state.
    const b = account();
    const foreign = fake.consent((await other.get('/api/account/discord/connect')).headers.location, b);
    expect((await agent.get(foreign).expect(302)).headers.location).toBe('/account/settings?discord=state');
    // The attempt did not use it up: the session it belongs to still links with it, once.
    expect((await other.get(foreign).expect(302)).headers.location).toBe('/account/settings?discord=linked');
    expect((await other.get(foreign).expect(302)).headers.location).toBe('/account/settings?discord=state');
    // Expired: more than ten minutes later.
    const late = fake.consent((await agent.get('/api/account/discord/connect')).headers.location, a);
    clock.set(new Date(START.getTime() + 11 * 60_000));
    expect((await agent.get(late).expect(302)).headers.location).toBe('/account/settings?discord=state');
    clock.set(START);
    // Without a state at all.
    expect((await agent.get('/api/account/discord/callback?code=abc').expect(302)).headers.location).toBe(
      '/account/settings?discord=state',
    );
    expect(fake.members.has(a.id)).toBe(false);
    expect(((await agent.get('/api/auth/me')).body as MeResponse).discord.linked).toBe(false);
    // Signed out, the callback is not reached at all.
    await t.http().get('/api/account/discord/callback?code=abc&state=x').expect(401);
    await t.http().get('/api/account/discord/connect').expect(401);
  });

  it("the same account's other session cannot use (or use up) a state either", async () => {
    const first = await loginAs(t, { courses: ['foundation'] });
    const second = t.agent();
    await second.post('/api/auth/login').send({ email: first.user.email, password: first.password }).expect(200);
    const a = account();
    const back = fake.consent((await first.agent.get('/api/account/discord/connect')).headers.location, a);
    expect((await second.get(back).expect(302)).headers.location).toBe('/account/settings?discord=state');
    expect(await t.ds.getRepository(DiscordOAuthState).countBy({ userId: first.user.id })).toBe(1);
    expect((await first.agent.get(back).expect(302)).headers.location).toBe('/account/settings?discord=linked');
  });

  it("each 'Koble til Discord' replaces the account's earlier state; starts are limited per account", async () => {
    const { agent, user } = await loginAs(t, { courses: ['foundation'] });
    const states = () => t.ds.getRepository(DiscordOAuthState).countBy({ userId: user.id });
    const a = account();
    const older = fake.consent((await agent.get('/api/account/discord/connect').expect(302)).headers.location, a);
    const old = fake.consent((await agent.get('/api/account/discord/connect').expect(302)).headers.location, a);
    const newest = fake.consent((await agent.get('/api/account/discord/connect').expect(302)).headers.location, a);
    expect(await states()).toBe(1);
    expect((await agent.get(older).expect(302)).headers.location).toBe('/account/settings?discord=state');
    expect((await agent.get(old).expect(302)).headers.location).toBe('/account/settings?discord=state');
    expect(await states()).toBe(1);

    // A burst: no more starts than the limit get a state, the rest go back to the settings, and one state stays.
    const burst = await Promise.all(
      Array.from({ length: 3 * DISCORD_CONNECTS_PER_WINDOW }, () => agent.get('/api/account/discord/connect').expect(302)),
    );
    const toDiscord = burst.filter((r) => String(r.headers.location).startsWith(fake.url));
    const busy = burst.filter((r) => r.headers.location === '/account/settings?discord=busy');
    expect(toDiscord.length).toBe(DISCORD_CONNECTS_PER_WINDOW - 3);
    expect(busy.length).toBe(2 * DISCORD_CONNECTS_PER_WINDOW + 3);
    expect(Number(busy[0].headers['retry-after'])).toBeGreaterThan(0);
    expect(DISCORD_MSG.results.busy).toMatch(/Vent noen minutter/);
    expect(await states()).toBe(1);
    // The state that stayed is one of the burst's, and only it links.
    const last = toDiscord.map((r) => fake.consent(r.headers.location, a));
    const results: string[] = [];
    for (const url of [newest, ...last]) results.push((await agent.get(url).expect(302)).headers.location);
    expect(results.filter((r) => r === '/account/settings?discord=linked')).toHaveLength(1);
    expect(results.filter((r) => r === '/account/settings?discord=state')).toHaveLength(results.length - 1);
  });

  it('grant → role, refund → no role (queued in the transaction, carried out by the worker)', async () => {
    const email = uniqueEmail('discord');
    const { agent, user } = await loginAs(t, { email });
    const a = account();
    expect(await link(agent, a)).toBe('/account/settings?discord=linked');
    expect(rolesOf(a)).toEqual([]);

    const { orderId } = await demoPurchase(t, { email, courseId: 'accelerator' });
    const queued = await t.ds.getRepository(DiscordRoleChange).findBy({ userId: user.id, reason: 'access.granted' });
    expect(queued.map((q) => q.action)).toEqual(expect.arrayContaining(['add']));
    await worker.runQueue();
    // Accelerator includes Foundation, and starts a mentorship period.
    expect(rolesOf(a)).toEqual([R.foundation, R.accelerator, R.mentorship].sort());

    await t.app.get(RefundsService).refund(orderId, { reason: 'Angrerett' });
    await worker.runQueue();
    expect(rolesOf(a)).toEqual([]);
  });

  it('VIP end → no role: the membership round revokes the period and the worker takes the role', async () => {
    const { agent, user } = await loginAs(t);
    const a = account();
    await link(agent, a);
    await t.app.get(GrantsService).grant({ userId: user.id, courseId: 'vip', source: 'manual' });
    await worker.runQueue();
    expect(rolesOf(a)).toEqual([R.vip]);
    const end = (await t.ds.getRepository(Grant).findOneByOrFail({ userId: user.id, courseId: 'vip' })).accessEndsAt!;
    clock.set(new Date(end.getTime() + 60_000));
    await t.app.get(MembershipService).runDue();
    await worker.runQueue();
    expect(rolesOf(a)).toEqual([]);
  });

  it('Discord down while access changes: the change waits in the queue; a reconciliation repairs what was missed', async () => {
    const { agent, user } = await loginAs(t, { courses: ['foundation'] });
    const a = account();
    await link(agent, a);
    expect(rolesOf(a)).toEqual([R.foundation]);

    fake.down = true;
    await t.app.get(GrantsService).grant({ userId: user.id, courseId: 'accelerator', source: 'manual' });
    expect((await worker.runQueue()).failed).toBeGreaterThan(0);
    const waiting = await t.ds.getRepository(DiscordRoleChange).findBy({ userId: user.id, reason: 'access.granted' });
    expect(waiting.every((c) => c.doneAt === null && c.attempts >= 1 && c.lastError)).toBe(true);
    fake.down = false;

    // A role given by hand on the server that the member should not have, and a wanted one lost.
    fake.members.get(a.id)!.add(R.vip);
    fake.members.get(a.id)!.delete(R.foundation);
    const round = await worker.reconcile();
    expect(round).toMatchObject({ failed: 0 });
    expect(rolesOf(a)).toEqual([R.foundation, R.accelerator, R.mentorship].sort());

    // The mentorship period runs out (no event): the reconciliation takes the mentorship role.
    clock.set(new Date(START.getTime() + 200 * DAY));
    await worker.reconcile();
    expect(rolesOf(a)).toEqual([R.foundation, R.accelerator].sort());
  });

  it('429 with retry_after: the REST client waits and the role change goes through', async () => {
    const { agent, user } = await loginAs(t);
    const a = account();
    await link(agent, a);
    fake.rateLimitNext(1);
    await t.app.get(GrantsService).grant({ userId: user.id, courseId: 'foundation', source: 'manual' });
    const before = fake.calls.length;
    const round = await worker.runQueue();
    expect(round.failed).toBe(0);
    const after = fake.calls.slice(before).filter((c) => c.path.includes(`/members/${a.id}/roles/`));
    expect(after.map((c) => c.status)).toEqual([429, 204]);
    expect(rolesOf(a)).toEqual([R.foundation]);
  });

  it('unlink removes every managed role; a second unlink is a Norwegian 404', async () => {
    const { agent } = await loginAs(t, { courses: ['accelerator'] });
    const a = account();
    await link(agent, a);
    expect(rolesOf(a).length).toBeGreaterThan(0);
    fake.members.get(a.id)!.add('999999999999999999');
    const res = await agent.delete('/api/account/discord').send({}).expect(200);
    expect(res.body).toMatchObject({ enabled: true, linked: false, username: null, message: DISCORD_MSG.unlinked });
    expect(rolesOf(a)).toEqual(['999999999999999999']);
    const again = await agent.delete('/api/account/discord').send({}).expect(404);
    expect(again.body).toMatchObject({ statusCode: 404, message: DISCORD_MSG.notLinked });
  });

  it('deleting the account removes the roles', async () => {
    const { agent, password } = await loginAs(t, { courses: ['foundation'] });
    const a = account();
    await link(agent, a);
    expect(rolesOf(a)).toEqual([R.foundation]);
    await agent.delete('/api/account').send({ password }).expect(200);
    await worker.runQueue();
    expect(rolesOf(a)).toEqual([]);
  });

  it("the admin panel: the student's link and roles, and 'synkroniser nå' (audited)", async () => {
    const { agent, user } = await loginAs(t, { courses: ['foundation'] });
    const a = account();
    await link(agent, a);
    fake.members.get(a.id)!.delete(R.foundation);
    const view = (await admin.get(`/api/admin/users/${user.id}/discord`).expect(200)).body as AdminDiscordView;
    expect(view).toMatchObject({ enabled: true, linked: true, discordUserId: a.id, username: a.username, pendingChanges: 0 });
    expect(view.roles.find((r) => r.key === 'foundation')).toEqual({
      key: 'foundation',
      roleId: R.foundation,
      wanted: true,
      held: null,
    });

    const synced = (await admin.post(`/api/admin/users/${user.id}/discord/sync`).send({}).expect(200)).body as AdminDiscordView;
    expect(synced.roles.find((r) => r.key === 'foundation')).toMatchObject({ wanted: true, held: true });
    expect(synced.syncedAt).not.toBeNull();
    expect(rolesOf(a)).toEqual([R.foundation]);
    const audit = await t.ds.getRepository(AuditLog).findOneByOrFail({ action: 'user.discord_sync', entityId: String(user.id) });
    expect(audit.after).toMatchObject({ added: 1, removed: 0 });

    await admin.get('/api/admin/users/999999/discord').expect(404);
    await agent.get(`/api/admin/users/${user.id}/discord`).expect(403);
  });
});
