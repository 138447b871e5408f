import { DataSource, type Repository } from 'typeorm';
import { openMemoryDatabase } from '../platform/database/testing/memory-database';
import { EventBus } from '../platform/events';
import { SystemClock } from '../platform/time/clock';
import { Grant } from './entities/grant.entity';
import { GrantsService } from './grants.service';

describe('GrantsService (who owns which course)', () => {
  let ds: DataSource;
  let rows: Repository<Grant>;
  let grants: GrantsService;
  let nextUser = 100;
  const bus = new EventBus();

  beforeAll(async () => {
    ds = await openMemoryDatabase();
    rows = ds.getRepository(Grant);
    grants = new GrantsService(rows, new SystemClock(), bus);
  });
  afterAll(() => ds.destroy());

  it('a grant makes the course owned; a second grant of an owned course creates nothing', async () => {
    const userId = ++nextUser;
    const first = await grants.grant({ userId, courseId: 'kryptovaluta', source: 'manual', grantedBy: 1, note: 'gave' });
    expect(first.created).toBe(true);
    expect(await grants.owns(userId, 'kryptovaluta')).toBe(true);
    const again = await grants.grant({ userId, courseId: 'kryptovaluta', source: 'free' });
    expect(again).toMatchObject({ created: false, grant: { id: first.grant.id } });
    expect(await rows.countBy({ userId })).toBe(1);
  });

  it('an order grants once, however often it is fulfilled', async () => {
    const userId = ++nextUser;
    const a = await grants.grant({ userId, courseId: 'foundation', source: 'purchase', orderId: 501 });
    const b = await grants.grant({ userId, courseId: 'foundation', source: 'purchase', orderId: 501 });
    expect(a.created).toBe(true);
    expect(b).toMatchObject({ created: false, grant: { id: a.grant.id } });
    expect(await rows.countBy({ orderId: 501 })).toBe(1);
  });

  it('a revoked grant no longer owns, and leaves the list of active courses', async () => {
    const userId = ++nextUser;
    const { grant } = await grants.grant({ userId, courseId: 'kryptovaluta', source: 'manual' });
    await grants.grant({ userId, courseId: 'starter', source: 'free' });
    expect(await grants.activeCourseIds(userId)).toEqual(expect.arrayContaining(['kryptovaluta', 'starter']));

    const res = await grants.revoke(grant.id, 7);
    expect(res?.changed).toBe(true);
    expect(res?.before.revokedAt).toBeNull();
    expect(res?.grant).toMatchObject({ id: grant.id, revokedBy: 7 });
    expect(res?.grant.revokedAt).toBeInstanceOf(Date);
    expect(await grants.owns(userId, 'kryptovaluta')).toBe(false);
    expect(await grants.activeCourseIds(userId)).toEqual(['starter']);
    // The course can be granted again afterwards: a new grant, the revoked one stays as history.
    expect((await grants.grant({ userId, courseId: 'kryptovaluta', source: 'manual' })).created).toBe(true);
    expect(await grants.owns(userId, 'kryptovaluta')).toBe(true);
  });

  it('revoking twice changes nothing the second time; an unknown grant is null', async () => {
    const { grant } = await grants.grant({ userId: ++nextUser, courseId: 'foundation', source: 'manual' });
    const first = await grants.revoke(grant.id, 1);
    const second = await grants.revoke(grant.id, 2);
    expect(second?.changed).toBe(false);
    expect(second?.grant.revokedBy).toBe(1);
    expect(second?.grant.revokedAt?.getTime()).toBe(first?.grant.revokedAt?.getTime());
    expect(await grants.revoke(999_999, 1)).toBeNull();
  });

  it('of two concurrent revocations exactly one changes the grant', async () => {
    const { grant } = await grants.grant({ userId: ++nextUser, courseId: 'foundation', source: 'manual' });
    const results = await Promise.all([grants.revoke(grant.id, 1), grants.revoke(grant.id, 2), grants.revoke(grant.id, 3)]);
    expect(results.filter((r) => r?.changed)).toHaveLength(1);
    const winner = results.find((r) => r?.changed)!;
    expect((await rows.findOneByOrFail({ id: grant.id })).revokedBy).toBe(winner.grant.revokedBy);
  });

  it('revokeForOrder revokes only the grant that order created, inside the caller’s transaction', async () => {
    const userId = ++nextUser;
    const bought = await grants.grant({ userId, courseId: 'foundation', source: 'purchase', orderId: 777 });
    const manual = await grants.grant({ userId, courseId: 'kryptovaluta', source: 'manual' });
    await expect(
      ds.transaction(async (m) => {
        await grants.revokeForOrder(777, null, m);
        throw new Error('rull tilbake');
      }),
    ).rejects.toThrow('rull tilbake');
    expect(await grants.owns(userId, 'foundation')).toBe(true);

    const res = await ds.transaction((m) => grants.revokeForOrder(777, null, m));
    expect(res).toMatchObject({ changed: true, grant: { id: bought.grant.id } });
    expect(await grants.owns(userId, 'foundation')).toBe(false);
    expect(await grants.owns(userId, 'kryptovaluta')).toBe(true);
    expect((await rows.findOneByOrFail({ id: manual.grant.id })).revokedAt).toBeNull();
    expect(await grants.revokeForOrder(777, null)).toBeNull();
  });

  describe('inclusion (Accelerator includes Foundation)', () => {
    it('a grant of Accelerator opens Foundation as an included grant tied to it; its revoke ends both and tells the listeners', async () => {
      const userId = ++nextUser;
      const ended: Array<{ userId: number; courseIds: string[] }> = [];
      const off = bus.add(
        'access.revoked',
        'spec',
        'in-transaction',
        async (e) => void ended.push({ userId: e.userId, courseIds: e.courseIds }),
      );
      const { grant } = await grants.grant({ userId, courseId: 'accelerator', source: 'manual', grantedBy: 3 });
      const included = await rows.findOneByOrFail({ userId, courseId: 'foundation' });
      expect(included).toMatchObject({ source: 'included', includedByGrantId: grant.id, grantedBy: 3, orderId: null });
      expect(await grants.owns(userId, 'foundation')).toBe(true);
      expect(await grants.activeAccess(userId)).toEqual({
        courses: ['foundation', 'accelerator'],
        includedBy: { foundation: 'accelerator' },
      });

      await expect(grants.revoke(included.id, 3)).rejects.toMatchObject({ status: 409 });
      const res = await grants.revoke(grant.id, 3);
      expect(res?.included?.map((g) => g.courseId)).toEqual(['foundation']);
      expect(res?.ended?.sort()).toEqual(['accelerator', 'foundation']);
      expect(ended).toEqual([{ userId, courseIds: expect.arrayContaining(['accelerator', 'foundation']) }]);
      expect(await grants.owns(userId, 'foundation')).toBe(false);
      off();
    });

    it('Foundation of its own is kept when Accelerator is revoked (and is not reported as ended)', async () => {
      const userId = ++nextUser;
      const ended: string[][] = [];
      const off = bus.add('access.revoked', 'spec', 'in-transaction', async (e) => void ended.push(e.courseIds));
      await grants.grant({ userId, courseId: 'foundation', source: 'purchase', orderId: 9001 });
      const acc = await grants.grant({ userId, courseId: 'accelerator', source: 'manual' });
      expect((await grants.activeAccess(userId)).includedBy).toEqual({});
      await grants.revoke(acc.grant.id, 1);
      expect(await grants.owns(userId, 'foundation')).toBe(true);
      expect(ended).toEqual([['accelerator']]);
      // A manual Foundation while the included one is active is a grant of its own, not a duplicate.
      const other = ++nextUser;
      await grants.grant({ userId: other, courseId: 'accelerator', source: 'manual' });
      expect((await grants.grant({ userId: other, courseId: 'foundation', source: 'manual' })).created).toBe(true);
      expect((await grants.grant({ userId: other, courseId: 'foundation', source: 'manual' })).created).toBe(false);
      off();
    });

    it('a refund of an Accelerator order ends the included Foundation inside the same transaction', async () => {
      const userId = ++nextUser;
      await grants.grant({ userId, courseId: 'accelerator', source: 'purchase', orderId: 9002 });
      await expect(
        ds.transaction(async (m) => {
          await grants.revokeForOrder(9002, null, m);
          throw new Error('rull tilbake');
        }),
      ).rejects.toThrow('rull tilbake');
      expect(await grants.owns(userId, 'foundation')).toBe(true);
      await ds.transaction((m) => grants.revokeForOrder(9002, null, m));
      expect(await grants.owns(userId, 'foundation')).toBe(false);
    });
  });
});
