import type { DataSource, EntityManager } from 'typeorm';
import type { CatalogService } from '../catalog/catalog.service';
import type { User } from '../identity/entities/user.entity';
import type { UserReader } from '../identity/user-reader.service';
import type { AuditService } from '../platform/audit/audit.service';
import type { DataSubject, PersonalDataOwner, PersonalDataRegistry } from '../platform/personal-data';
import { AccountService } from './account.service';

const user = { id: 7, email: 'ola@example.no', role: 'student', passwordHash: null } as User;

/** Owners (in erasure order, as the registry answers them) that record what they were asked, and with which manager. */
function setup(stored: User | null = user) {
  const tx = { name: 'the transaction' } as unknown as EntityManager;
  const plain = { name: 'no transaction' } as unknown as EntityManager;
  const calls: Array<[string, unknown, EntityManager]> = [];
  const ds = {
    manager: plain,
    transaction: jest.fn(async (work: (m: EntityManager) => Promise<unknown>) => work(tx)),
  } as unknown as DataSource;
  const users = { findById: jest.fn(async () => stored) };
  const owner = (name: string, exported: object, erased: Record<string, number>) => ({
    exportFor: jest.fn(async (s: DataSubject, m: EntityManager) => (calls.push([`${name}.export`, s, m]), exported)),
    eraseFor: jest.fn(async (s: DataSubject, m: EntityManager, _now: Date) => (calls.push([name, s, m]), erased)),
  });
  const orders = owner('orders', { orders: ['o'] }, { ordersAnonymised: 2 });
  const access = owner('access', { grants: ['g'], progress: ['p'] }, { grantsRemoved: 1, progressRemoved: 1 });
  const identity = owner(
    'identity',
    { account: { id: 7 }, sessions: ['s'] },
    { sessionsEnded: 2, loginTokensRemoved: 3, secondFactorRowsRemoved: 1 },
  );
  const leads = owner('leads', { leads: ['l'] }, { leadsRemoved: 4 });
  const mail = owner('mail', { emails: ['e'] }, { emailsRemoved: 5 });
  const marketing = owner('marketing', { marketing: null }, { marketingRemoved: 1 });
  const certificates = owner('certificates', { certificates: ['c'] }, { certificatesRemoved: 1 });
  const calendar = owner('calendar', { calendarFeed: null }, { calendarFeedsRemoved: 0 });
  const questions = owner('questions', { questions: ['q'] }, { questionsAnonymised: 3 });
  const mentor = {
    ...owner('mentor', { mentorThreads: ['t'] }, { mentorThreadsRemoved: 2, mentorImagesRemoved: 5 }),
    // The files go after the commit, outside the transaction.
    afterErasure: jest.fn(async (id: number) => void calls.push(['mentor.files', id, null as unknown as EntityManager])),
  };
  const discord = owner('discord', { discord: { username: 'kari' } }, { discordLinksRemoved: 1 });
  const auditOwner = owner('audit', {}, {});
  const all = [orders, access, identity, leads, mail, marketing, certificates, calendar, questions, mentor, discord, auditOwner];
  const registry = {
    owners: () =>
      all.map((o, i) => ({ meta: { name: String(i), sections: [], tables: [], eraseOrder: i }, owner: o as PersonalDataOwner })),
  } as unknown as PersonalDataRegistry;
  const audit = {
    record: jest.fn(async (m: EntityManager, actor: unknown, entry: unknown) =>
      calls.push(['audit.record', { actor, entry }, m]),
    ),
  };
  const catalog = { invalidate: jest.fn() };
  const service = new AccountService(
    ds,
    catalog as unknown as CatalogService,
    users as unknown as UserReader,
    registry,
    audit as unknown as AuditService,
  );
  return { service, ds, tx, plain, calls, catalog, mentor, owners: [orders, access, identity, leads, mail] };
}

describe('AccountService: each owner exports and erases its own rows', () => {
  it('erases through every owner with the one transaction, then logs the counts without the address', async () => {
    const { service, ds, tx, calls, catalog } = setup();
    await expect(service.delete(user, { confirmEmail: ' OLA@example.no ' })).resolves.toEqual({
      message: expect.stringContaining('Kontoen din er slettet'),
    });
    expect(ds.transaction).toHaveBeenCalledTimes(1);
    const owner = { userId: 7, email: 'ola@example.no' };
    expect(calls.map(([what, arg]) => [what, arg])).toEqual([
      ['orders', owner],
      ['access', owner],
      ['identity', owner],
      ['leads', owner],
      ['mail', owner],
      ['marketing', owner],
      ['certificates', owner],
      ['calendar', owner],
      ['questions', owner],
      ['mentor', owner],
      ['discord', owner],
      ['audit', owner],
      [
        'audit.record',
        {
          actor: null,
          entry: {
            action: 'account.deleted_by_user',
            entity: 'user',
            entityId: 7,
            before: null,
            after: {
              ordersAnonymised: 2,
              grantsRemoved: 1,
              progressRemoved: 1,
              sessionsEnded: 2,
              loginTokensRemoved: 3,
              secondFactorRowsRemoved: 1,
              leadsRemoved: 4,
              emailsRemoved: 5,
              marketingRemoved: 1,
              certificatesRemoved: 1,
              calendarFeedsRemoved: 0,
              questionsAnonymised: 3,
              mentorThreadsRemoved: 2,
              mentorImagesRemoved: 5,
              discordLinksRemoved: 1,
            },
          },
        },
      ],
      ['mentor.files', 7],
    ]);
    expect(calls.slice(0, -1).every(([, , m]) => m === tx)).toBe(true);
    expect(catalog.invalidate).toHaveBeenCalledTimes(1);
  });

  it('an owner that fails fails the whole transaction (nothing after it runs, nothing is invalidated)', async () => {
    const { service, calls, catalog, owners, mentor } = setup();
    const leads = owners[3];
    leads.eraseFor.mockRejectedValueOnce(new Error('lock wait timeout'));
    await expect(service.delete(user, { confirmEmail: user.email })).rejects.toThrow('lock wait timeout');
    expect(calls.map(([what]) => what)).toEqual(['orders', 'access', 'identity']);
    expect(catalog.invalidate).not.toHaveBeenCalled();
    // The images stay with the account that was not erased.
    expect(mentor.afterErasure).not.toHaveBeenCalled();
  });

  it('an account that is already gone erases nothing', async () => {
    const { service, calls, catalog } = setup(null);
    await service.delete(user, { confirmEmail: user.email });
    expect(calls).toEqual([]);
    expect(catalog.invalidate).not.toHaveBeenCalled();
  });

  it('the export puts the owners’ parts together for the stored address', async () => {
    const { service, plain, calls } = setup({ ...user, email: 'ny@example.no' } as User);
    const data = await service.export(user);
    expect(data).toEqual({
      exportedAt: expect.any(String),
      account: { id: 7 },
      grants: ['g'],
      orders: ['o'],
      progress: ['p'],
      leads: ['l'],
      sessions: ['s'],
      emails: ['e'],
      marketing: null,
      certificates: ['c'],
      calendarFeed: null,
      questions: ['q'],
      mentorThreads: ['t'],
      discord: { username: 'kari' },
    });
    const owner = { userId: 7, email: 'ny@example.no' };
    expect(calls.filter(([what]) => what.endsWith('.export')).map(([what, arg]) => [what, arg])).toEqual([
      ['orders.export', owner],
      ['access.export', owner],
      ['identity.export', owner],
      ['leads.export', owner],
      ['mail.export', owner],
      ['marketing.export', owner],
      ['certificates.export', owner],
      ['calendar.export', owner],
      ['questions.export', owner],
      ['mentor.export', owner],
      ['discord.export', owner],
      ['audit.export', owner],
    ]);
    expect(calls.every(([, , m]) => m === plain)).toBe(true);
  });
});
