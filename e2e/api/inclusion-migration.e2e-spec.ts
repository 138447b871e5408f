import { DataSource } from 'typeorm';
import { runMigrations } from '../../backend/src/platform/database/migrate';
import { Certificate } from '../../backend/src/certificates/entities/certificate.entity';
import { Grant } from '../../backend/src/access/entities/grant.entity';
import { databaseBefore, type DatabaseBefore } from './support/migration-database';

/**
 * Issue 22 on a database from before: active Accelerator grants get their included Foundation, and
 * certificates whose holder no longer has the course are revoked for that reason (the mentor's own
 * revocations keep theirs). Runs on the dialect of this run (SQLite, or MySQL with TEST_DATABASE_URL).
 */
describe('migrations 1795600200000 and 1795600210000 on existing rows', () => {
  let before: DatabaseBefore;
  let ds: DataSource;
  beforeAll(async () => {
    // Back to the schema before inclusion (undoing any later migrations too).
    before = await databaseBefore('GrantInclusion1795600200000');
    ds = before.ds;
  });
  afterAll(() => before.close());

  const q = (name: string) => before.q(name);
  const at = (iso: string) => before.at(iso);

  it('backfills included grants for active Accelerator grants and revokes certificates whose access had ended', async () => {
    const grant = async (userId: number, courseId: string, revoked: boolean) =>
      ds.query(
        `INSERT INTO ${q('grants')} (${q('userId')}, ${q('courseId')}, ${q('source')}, ${q('grantedAt')}, ${q('revokedAt')}) VALUES (?, ?, 'manual', ?, ?)`,
        [userId, courseId, at('2026-03-01T10:00:00.000Z'), revoked ? at('2026-04-01T10:00:00.000Z') : null],
      );
    const cert = async (userId: number, courseId: string, code: string, revoked: boolean) =>
      ds.query(
        `INSERT INTO ${q('certificates')} (${q('code')}, ${q('userId')}, ${q('courseId')}, ${q('courseTitle')}, ${q('holderName')}, ${q('issuedAt')}, ${q('revokedAt')}) VALUES (?, ?, ?, ?, 'Kari Nordmann', ?, ?)`,
        [code, userId, courseId, courseId, at('2026-03-15T10:00:00.000Z'), revoked ? at('2026-03-20T10:00:00.000Z') : null],
      );
    await grant(1, 'accelerator', false); // active: gets Foundation
    await grant(2, 'accelerator', true); // revoked: gets nothing
    await grant(3, 'foundation', true); // refunded Foundation with a certificate
    await cert(3, 'foundation', 'AAAA-AAAA-AAAA-0003', false);
    await cert(1, 'foundation', 'AAAA-AAAA-AAAA-0001', false); // kept: Accelerator now includes Foundation
    await grant(4, 'kryptovaluta', false);
    await cert(4, 'kryptovaluta', 'AAAA-AAAA-AAAA-0004', true); // the mentor revoked it

    await runMigrations(ds);

    const grants = ds.getRepository(Grant);
    const parent = await grants.findOneByOrFail({ userId: 1, courseId: 'accelerator' });
    expect(await grants.findBy({ userId: 1, courseId: 'foundation' })).toEqual([
      expect.objectContaining({ source: 'included', includedByGrantId: parent.id, revokedAt: null }),
    ]);
    expect(await grants.countBy({ userId: 2, courseId: 'foundation' })).toBe(0);

    const certs = ds.getRepository(Certificate);
    expect(await certs.findOneByOrFail({ code: 'AAAA-AAAA-AAAA-0003' })).toMatchObject({ revokedReason: 'access' });
    expect((await certs.findOneByOrFail({ code: 'AAAA-AAAA-AAAA-0003' })).revokedAt).toBeInstanceOf(Date);
    expect(await certs.findOneByOrFail({ code: 'AAAA-AAAA-AAAA-0001' })).toMatchObject({ revokedAt: null, revokedReason: null });
    expect(await certs.findOneByOrFail({ code: 'AAAA-AAAA-AAAA-0004' })).toMatchObject({ revokedReason: 'admin' });
  });
});
