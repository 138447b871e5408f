import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync, utimesSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import type { DataSource } from 'typeorm';
import { User } from '../../backend/src/identity/entities/user.entity';
import { Order } from '../../backend/src/orders/entities/order.entity';
import { Receipt } from '../../backend/src/orders/entities/receipt.entity';
import { BackupError, restoreBackup, runBackup } from '../../backend/src/platform/backup/backup';
import { archiveName } from '../../backend/src/platform/backup/rotation';
import { deliverWebhook, fakeStripeEnv, startFakeStripe, stripeEvent, type FakeStripe } from './support/fake-stripe';
import { getBinary, isPdf, pdfText } from './support/pdf-text';
import { createTestDatabase } from './support/test-database';
import { signInByLink, startTestApp, uniqueEmail, type TestApp } from './support/test-app';

/**
 * Backups (npm run backup / npm run restore): what the site holds after a purchase (the paid order,
 * its receipt, the account and its grants, a subscriber, an uploaded file) survives a backup, the
 * loss of the database and the upload folder, and a restore: every table has the same rows, the key
 * tables the same content, the student signs in and the receipt PDF still renders.
 */

const SELLER = {
  SELLER_NAME: 'Sikkerhetskopi Testselskap AS',
  SELLER_ORG_NR: '923 456 789',
  SELLER_ADDRESS: 'Arkivveien 1, 0155 Oslo',
};
const PASSPHRASE = 'en lang og hemmelig passordfrase';

async function tables(ds: DataSource): Promise<string[]> {
  const rows: Array<{ name: string }> =
    ds.options.type === 'better-sqlite3'
      ? await ds.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      : await ds.query(
          'SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME',
        );
  return rows.map((r) => r.name);
}

/** Every table's row count, and a checksum of the key tables' rows (every column, in id order). */
async function snapshot(ds: DataSource) {
  const counts: Record<string, number> = {};
  for (const name of await tables(ds)) {
    const q = ds.options.type === 'better-sqlite3' ? `"${name}"` : `\`${name}\``;
    const [row] = await ds.query(`SELECT COUNT(*) AS n FROM ${q}`);
    counts[name] = Number(row.n);
  }
  const sums: Record<string, string> = {};
  for (const name of ['orders', 'receipts', 'users', 'grants', 'marketing_subscribers']) {
    const q = ds.options.type === 'better-sqlite3' ? `"${name}"` : `\`${name}\``;
    const rows = await ds.query(`SELECT * FROM ${q} ORDER BY id`);
    sums[name] = createHash('sha256').update(JSON.stringify(rows)).digest('hex');
  }
  return { counts, sums };
}

function filesOf(dir: string, base = dir): Record<string, string> {
  const out: Record<string, string> = {};
  if (!existsSync(dir)) return out;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) Object.assign(out, filesOf(path, base));
    else out[path.slice(base.length + 1)] = createHash('sha256').update(readFileSync(path)).digest('hex');
  }
  return out;
}

describe.each([
  ['plain', {}],
  ['encrypted (BACKUP_PASSPHRASE)', { BACKUP_PASSPHRASE: PASSPHRASE }],
])('backup and restore, %s', (_name, extraEnv: Record<string, string>) => {
  let fake: FakeStripe;
  let t: TestApp;
  let uploadDir: string;
  let backupDir: string;
  let env: Record<string, string>;
  const db = { current: null as Awaited<ReturnType<typeof createTestDatabase>> | null };
  let buyerEmail: string;
  let orderId: number;
  let receiptNumber: number;
  let before: Awaited<ReturnType<typeof snapshot>>;
  let uploadsBefore: Record<string, string>;
  let archive: string;

  beforeAll(async () => {
    fake = await startFakeStripe();
    uploadDir = join(mkdtempSync(join(tmpdir(), 'ta-up-')), 'uploads');
    backupDir = mkdtempSync(join(tmpdir(), 'ta-bk-'));
    env = { ...fakeStripeEnv(fake), ...SELLER, UPLOAD_DIR: uploadDir, BACKUP_DIR: backupDir, ...extraEnv };
    db.current = await createTestDatabase();
    t = await startTestApp(env, { db: db.current });
  });
  afterAll(async () => {
    await t?.close();
    await fake.close();
    rmSync(join(uploadDir, '..'), { recursive: true, force: true });
    rmSync(backupDir, { recursive: true, force: true });
  });

  it('seeds through the site: a card payment with its receipt, a subscriber, an uploaded file', async () => {
    buyerEmail = uniqueEmail('arkiv');
    await t
      .http()
      .post('/api/checkout/sessions')
      .send({
        courseId: 'foundation',
        email: buyerEmail,
        firstName: 'Kari',
        lastName: 'Nordmann',
        paymentMethod: 'card',
        acceptTerms: true,
        acceptRisk: true,
      })
      .expect(201);
    const paid = fake.pay(fake.lastSession().id);
    await deliverWebhook(t.http(), stripeEvent('checkout.session.completed', paid)).expect(200);
    const order = await t.ds.getRepository(Order).findOneByOrFail({ providerReference: paid.id });
    expect(order.status).toBe('paid');
    orderId = order.id;
    receiptNumber = (await t.ds.getRepository(Receipt).findOneByOrFail({ orderId, kind: 'receipt' })).number;
    await t
      .http()
      .post('/api/leads')
      .send({ courseType: 'starter', source: '/b', email: uniqueEmail('abonnent'), marketingConsent: true })
      .expect(201);
    // Files as the mentorship inbox keeps them, binary, one with a name longer than tar's 100 bytes.
    mkdirSync(join(uploadDir, 'mentorship', '42'), { recursive: true });
    writeFileSync(join(uploadDir, 'mentorship', '42', 'graf.png'), randomBytes(70_000));
    writeFileSync(join(uploadDir, 'mentorship', '42', `${'lang-'.repeat(25)}skjermbilde-æøå.jpg`), randomBytes(1234));
    writeFileSync(join(uploadDir, 'tom.txt'), '');
    utimesSync(join(uploadDir, 'tom.txt'), new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'));
    uploadsBefore = filesOf(uploadDir);
    expect(Object.keys(uploadsBefore)).toHaveLength(3);
    before = await snapshot(t.ds);
    expect(before.counts.orders).toBe(1);
    expect(before.counts.receipts).toBe(1);
    // The lead who ticked the box, and the buyer (a customer's soft opt-in).
    expect(before.counts.marketing_subscribers).toBe(2);
    expect(before.counts.grants).toBeGreaterThan(0);
  });

  it('backs up while the site runs: one archive in BACKUP_DIR, encrypted when a passphrase is set', async () => {
    const r = await runBackup(t.cfg);
    archive = r.archive;
    expect(r.uploads).toBe(3);
    expect(readdirSync(backupDir)).toEqual([archive.slice(backupDir.length + 1)]);
    const head = readFileSync(archive).subarray(0, 8);
    if (extraEnv.BACKUP_PASSPHRASE) {
      expect(archive).toMatch(/\.tar\.gz\.enc$/);
      expect(head.toString('ascii')).toBe('TABAK01\n');
      // Nothing of the content is readable.
      expect(readFileSync(archive).includes(Buffer.from(buyerEmail))).toBe(false);
    } else {
      expect(archive).toMatch(/\.tar\.gz$/);
      expect([head[0], head[1]]).toEqual([0x1f, 0x8b]);
    }
  });

  it('refuses to restore into the running, non-empty database without --force', async () => {
    await expect(restoreBackup(t.cfg, archive, { force: false })).rejects.toThrow(BackupError);
    await expect(restoreBackup(t.cfg, archive, { force: false })).rejects.toThrow(/databasen er ikke tom.*--force/);
  });

  it('after losing the database and the upload folder, a restore brings back every row and file', async () => {
    const cfg = t.cfg;
    await t.close();
    rmSync(uploadDir, { recursive: true, force: true });
    // The database is gone; a new, empty one of the same name (MySQL) or no file at all (SQLite).
    if (db.current!.dialect === 'mysql') {
      const u = new URL(db.current!.serverUrl!);
      const c = await createConnection({
        host: u.hostname,
        port: Number(u.port || 3306),
        user: decodeURIComponent(u.username || 'root'),
      });
      await c.query(`CREATE DATABASE \`${db.current!.name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      await c.end();
    } else expect(existsSync(db.current!.url.replace(/^sqlite:/, ''))).toBe(false);

    const r = await restoreBackup(cfg, archive, { force: false });
    expect(r.uploads).toBe(3);
    expect(filesOf(uploadDir)).toEqual(uploadsBefore);

    t = await startTestApp(env, { db: db.current! });
    const after = await snapshot(t.ds);
    expect(after.counts).toEqual(before.counts);
    expect(after.sums).toEqual(before.sums);

    // The buyer signs in (a one-time link to the restored account) and the receipt PDF renders.
    const buyer = await t.ds.getRepository(User).findOneByOrFail({ email: buyerEmail });
    const agent = await signInByLink(t, buyer);
    const res = await getBinary(agent, `/api/orders/${orderId}/receipt.pdf`).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(isPdf(res.body as Buffer)).toBe(true);
    const text = pdfText(res.body as Buffer);
    expect(text).toContain('Sikkerhetskopi Testselskap AS');
    expect(text).toContain(String(receiptNumber));
  });

  it('--force replaces what is there; a second backup the same day is rotated, never the newest', async () => {
    writeFileSync(join(uploadDir, 'ny-etter-gjenoppretting.txt'), 'ny');
    await t.ds.getRepository(User).update({ email: buyerEmail }, { firstName: 'Endret' });
    const cfg = t.cfg;
    // The service is stopped for a restore (the database stays).
    await t.app.close();
    await expect(restoreBackup(cfg, archive, { force: false })).rejects.toThrow(
      /databasen er ikke tom.*opplastingsmappen.*ikke tom/,
    );
    await restoreBackup(cfg, archive, { force: true });
    expect(filesOf(uploadDir)).toEqual(uploadsBefore);
    t = await startTestApp(env, { db: db.current! });
    expect((await t.ds.getRepository(User).findOneByOrFail({ email: buyerEmail })).firstName).toBe('Kari');
    expect(await snapshot(t.ds)).toEqual(before);

    // Rotation: a later backup on the same day replaces the earlier one.
    const later = await runBackup(t.cfg, undefined, new Date(Date.now() + 60_000));
    expect(later.deleted).toEqual([basename(archive)]);
    expect(readdirSync(backupDir)).toEqual([basename(later.archive)]);
  });
});

describe('restore refuses what it cannot trust', () => {
  let t: TestApp;
  let backupDir: string;
  let uploadDir: string;
  let archive: string;
  beforeAll(async () => {
    backupDir = mkdtempSync(join(tmpdir(), 'ta-bk-'));
    uploadDir = mkdtempSync(join(tmpdir(), 'ta-up-'));
    t = await startTestApp({ UPLOAD_DIR: uploadDir, BACKUP_DIR: backupDir, BACKUP_PASSPHRASE: PASSPHRASE });
    archive = (await runBackup(t.cfg)).archive;
  });
  afterAll(async () => {
    await t.close();
    rmSync(backupDir, { recursive: true, force: true });
    rmSync(uploadDir, { recursive: true, force: true });
  });

  const emptyTarget = async () => {
    const db = await createTestDatabase();
    const cfg = { ...t.cfg, databaseUrl: db.url, uploadDir: mkdtempSync(join(tmpdir(), 'ta-up-')) };
    return { db, cfg };
  };

  it('a wrong passphrase, a changed byte, a cut-off archive or no passphrase: a clear error and nothing restored', async () => {
    const { db, cfg } = await emptyTarget();
    try {
      const bytes = readFileSync(archive);
      const changed = Buffer.from(bytes);
      changed[Math.floor(changed.length / 2)] ^= 1;
      const cut = bytes.subarray(0, bytes.length - 20);
      const header = Buffer.from(bytes);
      header[12] ^= 1; // a byte of the salt in the authenticated header
      const write = (name: string, b: Buffer) => {
        const p = join(backupDir, name);
        writeFileSync(p, b);
        return p;
      };
      await expect(
        restoreBackup({ ...cfg, backup: { ...cfg.backup, passphrase: 'feil passordfrase!!' } }, archive, { force: false }),
      ).rejects.toThrow(/feil BACKUP_PASSPHRASE/);
      await expect(restoreBackup(cfg, write('endret.enc', changed), { force: false })).rejects.toThrow(
        /feil BACKUP_PASSPHRASE, eller arkivet er skadet/,
      );
      await expect(restoreBackup(cfg, write('kuttet.enc', cut), { force: false })).rejects.toThrow(BackupError);
      await expect(restoreBackup(cfg, write('hode.enc', header), { force: false })).rejects.toThrow(BackupError);
      await expect(
        restoreBackup({ ...cfg, backup: { ...cfg.backup, passphrase: null } }, archive, { force: false }),
      ).rejects.toThrow(/Arkivet er kryptert: sett BACKUP_PASSPHRASE/);
      await expect(restoreBackup(cfg, write('notat.txt', Buffer.from('ikke et arkiv')), { force: false })).rejects.toThrow(
        /ikke en sikkerhetskopi/,
      );
      await expect(restoreBackup(cfg, join(backupDir, 'finnes-ikke.tar.gz'), { force: false })).rejects.toThrow(
        /Fant ikke arkivet/,
      );
      // Nothing reached the target.
      expect(readdirSync(cfg.uploadDir)).toEqual([]);
      if (db.dialect === 'sqlite') expect(existsSync(db.url.replace(/^sqlite:/, ''))).toBe(false);
    } finally {
      await db.drop();
      rmSync(cfg.uploadDir, { recursive: true, force: true });
    }
  });
});

describe('a copy of every archive in S3-compatible storage (BACKUP_S3_*)', () => {
  /** A bucket as S3 answers it: PUT /<bucket>/<key> signed with AWS Signature V4 by the right key; 404 NoSuchBucket for another. */
  let server: Server;
  let endpoint: string;
  const puts: Array<{ path: string; authorization: string; sha: string | undefined; body: Buffer }> = [];
  let t: TestApp;
  let backupDir: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const authorization = String(req.headers.authorization ?? '');
        const [, bucket] = (req.url ?? '').split('/');
        const xml = (status: number, code: string) => {
          res.writeHead(status, { 'content-type': 'application/xml' });
          res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
        };
        if (
          !/^AWS4-HMAC-SHA256 Credential=AKIAARKIVTEST\/\d{8}\/eu-north-1\/s3\/aws4_request, SignedHeaders=[^,]*host[^,]*, Signature=[0-9a-f]{64}$/.test(
            authorization,
          )
        )
          return xml(403, 'SignatureDoesNotMatch');
        if (req.method !== 'PUT' || bucket !== 'akademi-backup') return xml(404, 'NoSuchBucket');
        puts.push({
          path: req.url ?? '',
          authorization,
          sha: req.headers['x-amz-content-sha256'] as string | undefined,
          body: Buffer.concat(chunks),
        });
        res.writeHead(200, { etag: '"abc"' });
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    backupDir = mkdtempSync(join(tmpdir(), 'ta-bk-'));
    t = await startTestApp({
      UPLOAD_DIR: join(backupDir, 'opplastinger'),
      BACKUP_DIR: backupDir,
      BACKUP_S3_BUCKET: 'akademi-backup',
      BACKUP_S3_ENDPOINT: endpoint,
      BACKUP_S3_REGION: 'eu-north-1',
      BACKUP_S3_ACCESS_KEY_ID: 'AKIAARKIVTEST',
      BACKUP_S3_SECRET_ACCESS_KEY: 'hemmelig-s3-nokkel',
      BACKUP_S3_PREFIX: 'akademi/',
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((r) => server.close(r));
    rmSync(backupDir, { recursive: true, force: true });
  });

  it('uploads the archive under the prefix, byte for byte, signed with the key', async () => {
    const r = await runBackup(t.cfg);
    expect(r.s3Key).toBe(`akademi/${basename(r.archive)}`);
    expect(puts).toHaveLength(1);
    expect(puts[0].path.split('?')[0]).toBe(`/akademi-backup/akademi/${basename(r.archive)}`);
    expect(puts[0].body.equals(readFileSync(r.archive))).toBe(true);
    expect(puts[0].sha).toBeDefined();
  });

  it('a bucket that does not exist: the backup fails with a clear message, the archive stays on disk', async () => {
    const cfg = { ...t.cfg, backup: { ...t.cfg.backup, s3: { ...t.cfg.backup.s3!, bucket: 'finnes-ikke' } } };
    const at = new Date(Date.now() + 1000);
    await expect(runBackup(cfg, undefined, at)).rejects.toThrow(/kopien til s3:\/\/finnes-ikke\/akademi\/.* feilet/);
    // The new archive is kept (and, being the newest of the day, replaced the earlier one).
    expect(readdirSync(backupDir).filter((n) => n.endsWith('.tar.gz'))).toEqual([archiveName(at, false)]);
  });
});
