import type { DataSource, EntityManager } from 'typeorm';
import type { AccessRecordsService } from '../access/access-records.service';
import type { CatalogService } from '../catalog/catalog.service';
import type { User } from '../identity/entities/user.entity';
import type { UserRecordsService } from '../identity/user-records.service';
import type { LeadsService } from '../leads/leads.service';
import type { OutboxService } from '../outbox/outbox.service';
import type { MarketingPrivacyService } from '../marketing/marketing-privacy.service';
import type { OrderRecordsService } from '../orders/order-records.service';
import type { AuditService } from '../platform/audit/audit.service';
import type { CertificatesService } from '../certificates/certificates.service';
import type { LiveCalendarService } from '../live/live-calendar.service';
import type { QuestionsService } from '../community/questions.service';
import type { MentorThreadsService } from '../community/mentor/mentor-threads.service';
import type { DiscordLinkingService } from '../community/discord/discord-linking.service';
import { AccountService } from './account.service';

const user = { id: 7, email: 'ola@example.no', role: 'student', passwordHash: null } as User;

/** Owners that record what they were asked, and with which manager. */
function setup(stored: User | null = user) {
  const tx = { name: 'the transaction' } as unknown as EntityManager;
  const plain = { name: 'no transaction' } as unknown as EntityManager;
  const calls: Array<[string, unknown, EntityManager]> = [];
  const ds = {
    manager: plain,
    transaction: jest.fn(async (work: (m: EntityManager) => Promise<unknown>) => work(tx)),
  } as unknown as DataSource;
  const users = {
    findById: jest.fn(async () => stored),
    exportFor: jest.fn(async (u: User, m: EntityManager) => {
      calls.push(['identity.export', u.id, m]);
      return { account: { id: u.id }, sessions: ['s'] };
    }),
    eraseFor: jest.fn(async (id: number, m: EntityManager) => {
      calls.push(['identity', id, m]);
      return { sessionsEnded: 2, loginTokensRemoved: 3, secondFactorRowsRemoved: 1 };
    }),
  };
  const access = {
    exportFor: jest.fn(
      async (id: number, m: EntityManager) => (calls.push(['access.export', id, m]), { grants: ['g'], progress: ['p'] }),
    ),
    eraseFor: jest.fn(async (id: number, m: EntityManager) => {
      calls.push(['access', id, m]);
      return { grantsRemoved: 1, progressRemoved: 1 };
    }),
  };
  const orders = {
    exportFor: jest.fn(async (o: object, m: EntityManager) => (calls.push(['orders.export', o, m]), { orders: ['o'] })),
    eraseFor: jest.fn(async (o: object, _now: Date, m: EntityManager) => {
      calls.push(['orders', o, m]);
      return { ordersAnonymised: 2 };
    }),
  };
  const leads = {
    exportFor: jest.fn(async (o: object, m: EntityManager) => (calls.push(['leads.export', o, m]), { leads: ['l'] })),
    eraseFor: jest.fn(async (o: object, m: EntityManager) => {
      calls.push(['leads', o, m]);
      return { leadsRemoved: 4 };
    }),
  };
  const outbox = {
    exportFor: jest.fn(async (o: object, m: EntityManager) => (calls.push(['mail.export', o, m]), { emails: ['e'] })),
    eraseFor: jest.fn(async (o: object, m: EntityManager) => {
      calls.push(['mail', o, m]);
      return { emailsRemoved: 5 };
    }),
  };
  const audit = {
    eraseFor: jest.fn(async (id: number, m: EntityManager) => (calls.push(['audit', id, m]), 1)),
    record: jest.fn(async (m: EntityManager, actor: unknown, entry: unknown) =>
      calls.push(['audit.record', { actor, entry }, m]),
    ),
  };
  const marketing = {
    exportFor: jest.fn(async (o: object, m: EntityManager) => (calls.push(['marketing.export', o, m]), { marketing: null })),
    eraseFor: jest.fn(async (o: object, m: EntityManager) => (calls.push(['marketing', o, m]), { marketingRemoved: 1 })),
  };
  const catalog = { invalidate: jest.fn() };
  const calendar = {
    exportFor: jest.fn(async (id: number, m: EntityManager) => (calls.push(['calendar.export', id, m]), { calendarFeed: null })),
    eraseFor: jest.fn(async (id: number, m: EntityManager) => (calls.push(['calendar', id, m]), 0)),
  };
  const certificates = {
    exportFor: jest.fn(
      async (id: number, m: EntityManager) => (calls.push(['certificates.export', id, m]), { certificates: ['c'] }),
    ),
    eraseFor: jest.fn(async (id: number, m: EntityManager) => (calls.push(['certificates', id, m]), 1)),
  };
  const questions = {
    exportFor: jest.fn(async (id: number, m: EntityManager) => (calls.push(['questions.export', id, m]), { questions: ['q'] })),
    eraseFor: jest.fn(async (id: number, m: EntityManager) => (calls.push(['questions', id, m]), { questionsAnonymised: 3 })),
  };
  const mentor = {
    exportFor: jest.fn(async (id: number, m: EntityManager) => (calls.push(['mentor.export', id, m]), { mentorThreads: ['t'] })),
    eraseFor: jest.fn(
      async (id: number, m: EntityManager) => (
        calls.push(['mentor', id, m]),
        { mentorThreadsRemoved: 2, mentorImagesRemoved: 5 }
      ),
    ),
    // The files go after the commit, outside the transaction.
    removeFilesOf: jest.fn(async (id: number) => void calls.push(['mentor.files', id, null as unknown as EntityManager])),
  };
  const discord = {
    exportFor: jest.fn(async (id: number, m: EntityManager) => (calls.push(['discord.export', id, m]), { username: 'kari' })),
    eraseFor: jest.fn(async (id: number, m: EntityManager) => (calls.push(['discord', id, m]), { discordLinksRemoved: 1 })),
  };
  const service = new AccountService(
    ds,
    catalog as unknown as CatalogService,
    users as unknown as UserRecordsService,
    access as unknown as AccessRecordsService,
    orders as unknown as OrderRecordsService,
    leads as unknown as LeadsService,
    outbox as unknown as OutboxService,
    marketing as unknown as MarketingPrivacyService,
    audit as unknown as AuditService,
    certificates as unknown as CertificatesService,
    calendar as unknown as LiveCalendarService,
    questions as unknown as QuestionsService,
    mentor as unknown as MentorThreadsService,
    discord as unknown as DiscordLinkingService,
  );
  return { service, ds, tx, plain, calls, catalog, mentor, owners: [users, access, orders, leads, outbox] };
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
      ['access', 7],
      ['identity', 7],
      ['leads', owner],
      ['mail', owner],
      ['marketing', owner],
      ['certificates', 7],
      ['calendar', 7],
      ['questions', 7],
      ['mentor', 7],
      ['discord', 7],
      ['audit', 7],
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
    expect(mentor.removeFilesOf).not.toHaveBeenCalled();
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
      ['identity.export', 7],
      ['access.export', 7],
      ['orders.export', owner],
      ['leads.export', owner],
      ['mail.export', owner],
      ['marketing.export', owner],
      ['certificates.export', 7],
      ['calendar.export', 7],
      ['questions.export', 7],
      ['mentor.export', 7],
      ['discord.export', 7],
    ]);
    expect(calls.every(([, , m]) => m === plain)).toBe(true);
  });
});
