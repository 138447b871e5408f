import { generateKeyPairSync } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { StatusCheck, StatusReport } from '@academy/contracts';
import { doctor, type DoctorDeps } from '../../backend/src/doctor';
import type { DnsLookup } from '../../backend/src/doctor/check';
import { STRIPE_WEBHOOK_EVENTS } from '../../backend/src/orders/stripe/stripe-webhook.service';
import { VIPPS_SITE_WEBHOOK_EVENTS as VIPPS_WEBHOOK_EVENTS } from '../../backend/src/orders/vipps/vipps-webhook-registration';
import { encryptStream } from '../../backend/src/platform/backup/encryption';
import { archiveName } from '../../backend/src/platform/backup/rotation';
import { tarStream } from '../../backend/src/platform/backup/tar';
import { FAKE_DISCORD, fakeGuildRoles, startFakeDiscord, type FakeDiscord } from './support/fake-discord';
import { startFakeMux, type FakeMux } from './support/fake-mux';
import { fakeFikenEnv, startFakeFiken, type FakeFiken } from './support/fake-fiken';
import { FikenPosting } from '../../backend/src/orders/entities/fiken-posting.entity';
import { fakeStripeAccount, fakeStripeEnv, startFakeStripe, type FakeStripe } from './support/fake-stripe';
import { FAKE_VIPPS, fakeVippsEnv, startFakeVipps, type FakeVipps } from './support/fake-vipps';
import { startFakeVippsLogin, type FakeVippsLogin } from './support/fake-vipps-login';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { startTestApp, type TestApp } from './support/test-app';
import { adminAgent } from './admin-helpers';

/**
 * `npm run doctor` (docs/decisions.md "Going live") against the suites' fakes: Stripe, Vipps, Discord
 * and Mux as the providers document them, an SMTP server, a DNS the test controls, a backup folder, an
 * S3 endpoint and this app's own /api/health. All right: every check ok (or off) and exit 0; each broken
 * setting: named in the output, exit 1 (or a warning, exit 0).
 */

const HOUR = 3_600_000;
const PASSPHRASE = 'doctor-backup-passphrase-1';
const DOMAIN = 'akademiet.no';
const SELECTOR = 'mail2026';

function rsaPem(): { privatePem: string; publicDer: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicDer: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
  };
}

/** An archive as the nightly backup writes it (manifest first), made `hoursAgo` ago. */
async function writeArchive(dir: string, hoursAgo: number, passphrase: string | null): Promise<string> {
  const at = new Date(Date.now() - hoursAgo * HOUR);
  const work = mkdtempSync(join(tmpdir(), 'ta-doctor-archive-'));
  const manifest = join(work, 'manifest.json');
  writeFileSync(
    manifest,
    JSON.stringify({
      format: 'trading-academy-backup',
      version: 1,
      createdAt: at.toISOString(),
      dialect: 'sqlite',
      database: 'database.sqlite',
      uploads: 0,
    }),
  );
  const db = join(work, 'database.sqlite');
  writeFileSync(db, 'SQLite format 3\0');
  const name = archiveName(at, passphrase !== null);
  const stages: NodeJS.ReadWriteStream[] = [createGzip()];
  if (passphrase) stages.push(encryptStream(passphrase));
  await pipeline(
    tarStream([
      { name: 'manifest.json', path: manifest },
      { name: 'database.sqlite', path: db },
    ]),
    ...(stages as [NodeJS.ReadWriteStream]),
    createWriteStream(join(dir, name)),
  );
  rmSync(work, { recursive: true, force: true });
  return name;
}

/** A DNS zone the test writes: TXT records by name (each a list of chunks), A records. */
function fakeDns(): DnsLookup & { txt: Map<string, string[][]>; a: Map<string, string[]> } {
  const txt = new Map<string, string[][]>();
  const a = new Map<string, string[]>();
  const missing = (name: string) => Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return {
    txt,
    a,
    resolveTxt: (name) => (txt.has(name) ? Promise.resolve(txt.get(name)!) : Promise.reject(missing(name))),
    resolve4: (name) => (a.has(name) ? Promise.resolve(a.get(name)!) : Promise.reject(missing(name))),
    resolveMx: (name) => Promise.reject(missing(name)),
  };
}

describe('npm run doctor: every integration checked against the fakes', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  let vipps: FakeVipps;
  let vippsLogin: FakeVippsLogin;
  let discord: FakeDiscord;
  let mux: FakeMux;
  let fiken: FakeFiken;
  let smtp: SmtpSink;
  let s3: Server;
  let s3Status = 200;
  let publicUrl: string;
  let backupDir: string;
  let uploadDir: string;
  const dkim = rsaPem();
  const dns = fakeDns();

  beforeAll(async () => {
    [stripe, vipps, discord, mux, smtp] = await Promise.all([
      startFakeStripe(),
      startFakeVipps(),
      startFakeDiscord(),
      startFakeMux(),
      startSmtpSink(),
    ]);
    fiken = await startFakeFiken();
    vippsLogin = await startFakeVippsLogin();
    // S3's HeadBucket (HEAD /<bucket> on a path-style endpoint): 200 when the bucket is there.
    s3 = createServer((req, res) => {
      res.writeHead(req.method === 'HEAD' && req.url?.startsWith('/academy-backups') ? s3Status : 404);
      res.end();
    });
    await new Promise<void>((r) => s3.listen(0, '127.0.0.1', r));
    t = await startTestApp({ MAIL_POLL_INTERVAL_MS: '0' });
    await t.app.listen(0, '127.0.0.1');
    publicUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    backupDir = mkdtempSync(join(tmpdir(), 'ta-doctor-backups-'));
    uploadDir = mkdtempSync(join(tmpdir(), 'ta-doctor-uploads-'));
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([
      stripe?.close(),
      vipps?.close(),
      vippsLogin?.close(),
      discord?.close(),
      mux?.close(),
      smtp?.close(),
      fiken?.close(),
    ]);
    await new Promise((r) => s3?.close(r));
    rmSync(backupDir, { recursive: true, force: true });
    rmSync(uploadDir, { recursive: true, force: true });
  });

  /** Everything set up right (each test breaks one thing after this). */
  beforeEach(async () => {
    stripe.reset();
    stripe.addWebhookEndpoint(`${publicUrl}/api/stripe/webhook`, STRIPE_WEBHOOK_EVENTS);
    vipps.webhooks.length = 0;
    vipps.webhooks.push({
      id: 'wh-1',
      secret: FAKE_VIPPS.webhookSecret,
      url: `${publicUrl}/api/vipps/webhook`,
      events: [...VIPPS_WEBHOOK_EVENTS],
    });
    discord.guildRoles = fakeGuildRoles();
    discord.botRoles = [FAKE_DISCORD.botRoleId];
    mux.signingKeys.clear();
    mux.signingKeys.add(mux.env().MUX_SIGNING_KEY_ID);
    mux.systemAccess = true;
    fiken.reset();
    await t.ds.getRepository(FikenPosting).clear();
    s3Status = 200;
    dns.txt.clear();
    dns.txt.set(DOMAIN, [['v=spf1 include:spf.', 'mailer.test -all']]);
    dns.txt.set('spf.mailer.test', [['v=spf1 ip4:127.0.0.0/8 -all']]);
    dns.txt.set(`_dmarc.${DOMAIN}`, [['v=DMARC1; p=quarantine']]);
    // A long key comes in 255-character chunks; they are one string.
    const record = `v=DKIM1; k=rsa; p=${dkim.publicDer}`;
    dns.txt.set(`${SELECTOR}._domainkey.${DOMAIN}`, [record.match(/.{1,255}/g)!]);
    rmSync(backupDir, { recursive: true, force: true });
    mkdirSync(backupDir, { recursive: true });
    await writeArchive(backupDir, 3, PASSPHRASE);
  });

  const env = (over: Record<string, string> = {}): Record<string, string> => ({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: t.db.url,
    PUBLIC_URL: publicUrl,
    ...fakeStripeEnv(stripe),
    ...fakeVippsEnv(vipps),
    ...vippsLogin.env(),
    ...discord.env(),
    ...mux.env(),
    ...fakeFikenEnv(fiken.apiBase),
    SMTP_URL: smtp.url,
    MAIL_FROM: `Akademiet <post@${DOMAIN}>`,
    DKIM_DOMAIN: DOMAIN,
    DKIM_SELECTOR: SELECTOR,
    DKIM_PRIVATE_KEY: dkim.privatePem,
    POSTMARK_WEBHOOK_USER: 'postmark',
    POSTMARK_WEBHOOK_PASSWORD: 'postmark-webhook-password-1',
    UPLOAD_DIR: uploadDir,
    BACKUP_DIR: backupDir,
    BACKUP_PASSPHRASE: PASSPHRASE,
    BACKUP_S3_BUCKET: 'academy-backups',
    BACKUP_S3_ENDPOINT: `http://127.0.0.1:${(s3.address() as AddressInfo).port}`,
    BACKUP_S3_REGION: 'eu-north-1',
    BACKUP_S3_ACCESS_KEY_ID: 'doctor-access-key',
    BACKUP_S3_SECRET_ACCESS_KEY: 'doctor-secret-access-key',
    ...over,
  });

  async function run(over: Record<string, string> = {}, deps: DoctorDeps = {}, argv = ['--json']) {
    let out = '';
    const code = await doctor(argv, env(over), {
      ds: t.ds,
      dns,
      disk: { warnBelow: 1, errorBelow: 0 },
      write: (s) => (out += s),
      ...deps,
    });
    return { code, out, report: argv.includes('--json') ? (JSON.parse(out) as StatusReport) : null };
  }
  const find = (r: StatusReport | null, id: string): StatusCheck => {
    const c = r?.checks.find((x) => x.id === id);
    if (!c) throw new Error(`no check ${id} in ${JSON.stringify(r?.checks.map((x) => x.id))}`);
    return c;
  };

  it('«Logg inn med Vipps»: a wrong client secret and an unreachable Vipps are errors; not set up is off', async () => {
    const wrong = await run({ VIPPS_LOGIN_CLIENT_SECRET: 'feil-hemmelighet' });
    expect(find(wrong.report, 'vipps.login-client')).toMatchObject({ status: 'error' });
    expect(find(wrong.report, 'vipps.login-client').message).toMatch(/VIPPS_LOGIN_CLIENT_SECRET/);
    expect(wrong.code).toBe(1);
    const down = await run({ VIPPS_LOGIN_API_BASE: 'http://127.0.0.1:9' });
    expect(find(down.report, 'vipps.login-discovery')).toMatchObject({ status: 'error' });
    const off = await run({ VIPPS_LOGIN_CLIENT_ID: '', VIPPS_LOGIN_CLIENT_SECRET: '', VIPPS_LOGIN_API_BASE: '' });
    expect(find(off.report, 'vipps.login')).toMatchObject({ status: 'off' });
  });

  it('all set up: every check ok (the webhook count is the app’s own: off here), exit 0', async () => {
    const { code, report } = await run();
    const notOk = report!.checks.filter((c) => c.status !== 'ok').map((c) => `${c.id}: ${c.status} ${c.message}`);
    expect(notOk).toEqual([expect.stringMatching(/^queues\.webhooks: off /)]);
    expect(code).toBe(0);
    expect(report!.checks.map((c) => c.id)).toEqual([
      'site.public-url',
      'site.migrations',
      'site.disk',
      'site.clock',
      'stripe.mode',
      'stripe.webhook',
      'stripe.cards',
      'stripe.klarna',
      'vipps.mode',
      'vipps.token',
      'vipps.webhook',
      'vipps.login-discovery',
      'vipps.login-client',
      'vipps.login-redirect',
      'discord.bot',
      'discord.guild',
      'discord.roles',
      'mux.credentials',
      'mux.signing-key',
      'mux.webhook-secret',
      'fiken.credentials',
      'fiken.queue',
      'mail.smtp',
      'mail.spf',
      'mail.dmarc',
      'mail.dkim',
      'mail.bounces',
      'backups.latest',
      'backups.s3',
      'backups.passphrase',
      'queues.outbox',
      'queues.webhooks',
    ]);
    expect(find(report, 'site.public-url').message).toMatch(/instans [0-9a-f]{12}/);
    // Every provider request was one its published description accepts.
    expect(find(report, 'vipps.login-redirect').message).toContain(`${publicUrl}/api/auth/vipps/callback`);
    expect([
      ...stripe.violations,
      ...vipps.violations,
      ...vippsLogin.violations,
      ...discord.violations,
      ...mux.violations,
      ...fiken.violations,
    ]).toEqual([]);
  });

  it('prints lines for a terminal without --json, and no secret beyond its last 4 characters', async () => {
    const { code, out } = await run({}, {}, []);
    expect(code).toBe(0);
    expect(out).toMatch(/^✓ site\.public-url /m);
    expect(out).toMatch(/✓ Ingen feil/);
    const e = env();
    for (const name of [
      'STRIPE_SECRET_KEY',
      'VIPPS_CLIENT_SECRET',
      'VIPPS_SUBSCRIPTION_KEY',
      'DISCORD_BOT_TOKEN',
      'MUX_TOKEN_SECRET',
      'MUX_WEBHOOK_SECRET',
      'FIKEN_API_TOKEN',
      'BACKUP_PASSPHRASE',
      'POSTMARK_WEBHOOK_PASSWORD',
      'BACKUP_S3_SECRET_ACCESS_KEY',
    ])
      expect([name, out.includes(e[name])]).toEqual([name, false]);
    expect(out).toContain(`…${e.STRIPE_SECRET_KEY.slice(-4)}`);
  });

  it('with nothing set up, the integrations are off, not errors', async () => {
    let out = '';
    const empty = mkdtempSync(join(tmpdir(), 'ta-doctor-none-'));
    const bare = {
      NODE_ENV: 'test',
      DATABASE_URL: t.db.url,
      PUBLIC_URL: publicUrl,
      MAIL_DISABLED: 'true',
      BACKUP_DIR: empty,
      UPLOAD_DIR: uploadDir,
    };
    const code = await doctor(['--json'], bare, {
      ds: t.ds,
      dns,
      disk: { warnBelow: 1, errorBelow: 0 },
      write: (s) => (out += s),
    });
    const report = JSON.parse(out) as StatusReport;
    for (const id of [
      'stripe.key',
      'vipps.token',
      'discord.bot',
      'mux.credentials',
      'fiken.credentials',
      'mail.smtp',
      'backups.s3',
      'site.clock',
    ])
      expect([id, find(report, id).status]).toEqual([id, 'off']);
    // No backup yet is a warning outside production (an error in production).
    expect(find(report, 'backups.latest')).toMatchObject({
      status: 'warning',
      message: expect.stringMatching(/Ingen sikkerhetskopi/),
    });
    expect(code).toBe(0);
    rmSync(empty, { recursive: true, force: true });
  });

  it('exits 2 on an unknown option, and 1 on a configuration the service would refuse', async () => {
    expect((await run({}, {}, ['--jsn'])).code).toBe(2);
    const bad = await run({ STRIPE_SECRET_KEY: 'pk_live_wrong' }, {}, []);
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/STRIPE_SECRET_KEY/);
    // A mistyped SMTP_URL (no scheme) is named, its password never printed.
    for (const argv of [[], ['--json']]) {
      const smtp = await run({ SMTP_URL: 'apikey:SG.secret-mail-key@smtp.example.net:587' }, {}, argv);
      expect(smtp.code).toBe(1);
      expect(smtp.out).toContain('***@smtp.example.net:587');
      expect(smtp.out).not.toMatch(/secret-mail-key|apikey/);
    }
  });

  interface Broken {
    what: string;
    id: string;
    status: 'error' | 'warning';
    message: RegExp;
    /** Settings changed (an empty value: left out). */
    env?: Record<string, string> | (() => Record<string, string>);
    deps?: () => DoctorDeps;
    arrange?: () => void | Promise<void>;
  }
  const BROKEN: Broken[] = [
    {
      what: 'PUBLIC_URL points at another server',
      id: 'site.public-url',
      status: 'warning',
      env: { PUBLIC_URL: 'http://127.0.0.1:9' },
      message: /Kom ikke fram til http:\/\/127\.0\.0\.1:9\/api\/health/,
    },
    {
      what: 'PUBLIC_URL answers, but not as this app',
      id: 'site.public-url',
      status: 'error',
      // The S3 stand-in answers 404 to /api/health.
      env: () => ({ PUBLIC_URL: `http://127.0.0.1:${(s3.address() as AddressInfo).port}` }),
      message: /uten instans-id/,
    },
    {
      what: 'the clock is 10 s ahead of the providers’',
      id: 'site.clock',
      status: 'error',
      deps: () => ({ now: () => new Date(Date.now() + 10_000) }),
      message: /Klokka går 1\d s foran/,
    },
    {
      what: 'the disk is nearly full',
      id: 'site.disk',
      status: 'error',
      deps: () => ({ disk: { warnBelow: Number.MAX_SAFE_INTEGER, errorBelow: Number.MAX_SAFE_INTEGER } }),
      message: /ledig for (opplastinger|sikkerhetskopier)/,
    },
    {
      what: 'the wrong Stripe webhook URL',
      id: 'stripe.webhook',
      status: 'error',
      arrange: () => {
        stripe.webhookEndpoints.length = 0;
        stripe.addWebhookEndpoint('https://gammel.example.no/api/stripe/webhook', STRIPE_WEBHOOK_EVENTS);
      },
      message:
        /Ingen webhook i Stripe går til http:\/\/127\.0\.0\.1:\d+\/api\/stripe\/webhook \(bare til https:\/\/gammel\.example\.no\/api\/stripe\/webhook\)/,
    },
    {
      what: 'the Stripe webhook without charge.refunded',
      id: 'stripe.webhook',
      status: 'error',
      arrange: () => {
        const events = stripe.webhookEndpoints[0].enabled_events;
        events.splice(events.indexOf('charge.refunded'), 1);
      },
      message: /mangler hendelsene charge\.refunded:/,
    },
    {
      what: 'the Stripe webhook disabled',
      id: 'stripe.webhook',
      status: 'error',
      arrange: () => void (stripe.webhookEndpoints[0].status = 'disabled'),
      message: /slått av i Stripe/,
    },
    {
      what: 'a Stripe account that cannot take cards yet',
      id: 'stripe.cards',
      status: 'error',
      arrange: () => void (stripe.account = { ...fakeStripeAccount(), capabilities: { card_payments: 'inactive' } }),
      message: /kan ikke ta kortbetaling/,
    },
    {
      what: 'Klarna not turned on',
      id: 'stripe.klarna',
      status: 'warning',
      arrange: () =>
        void (stripe.account = {
          ...fakeStripeAccount(),
          capabilities: { card_payments: 'active', klarna_payments: 'inactive' },
        }),
      message: /Klarna er ikke aktivert/,
    },
    {
      what: 'a live Stripe key outside production',
      id: 'stripe.mode',
      status: 'warning',
      env: { STRIPE_SECRET_KEY: 'sk_live_fake123' },
      message: /STRIPE_SECRET_KEY \(…e123\) er en live-nøkkel/,
    },
    {
      what: 'Vipps in production mode outside production',
      id: 'vipps.mode',
      status: 'warning',
      env: { VIPPS_TEST_MODE: 'false', VIPPS_API_BASE: '' },
      deps: () => ({ fetch: (() => Promise.reject(new TypeError('fetch failed'))) as typeof fetch }),
      message: /VIPPS_TEST_MODE=true/,
    },
    {
      what: 'a wrong Vipps client secret',
      id: 'vipps.token',
      status: 'error',
      env: { VIPPS_CLIENT_SECRET: 'wrong-client-secret' },
      message: /VIPPS_CLIENT_SECRET \(…cret\)/,
    },
    {
      what: 'the Vipps webhook for another address',
      id: 'vipps.webhook',
      status: 'error',
      arrange: () => void (vipps.webhooks[0].url = 'https://gammel.example.no/api/vipps/webhook'),
      message: /Ingen Vipps-webhook går til .*\/api\/vipps\/webhook \(bare til https:\/\/gammel\.example\.no/,
    },
    {
      what: 'the Vipps webhook without one of its events',
      id: 'vipps.webhook',
      status: 'error',
      arrange: () => void vipps.webhooks[0].events.pop(),
      message: /mangler recurring\.charge-canceled\.v1/,
    },
    {
      what: 'a wrong bot token',
      id: 'discord.bot',
      status: 'error',
      env: { DISCORD_BOT_TOKEN: 'wrong-bot-token' },
      message: /DISCORD_BOT_TOKEN \(…oken\)/,
    },
    {
      what: 'the bot not on the server',
      id: 'discord.guild',
      status: 'error',
      arrange: () => void (discord.botRoles = null),
      message: /ikke med på serveren 222222222222222222 \(DISCORD_GUILD_ID\)/,
    },
    {
      what: 'the bot without Manage Roles',
      id: 'discord.guild',
      status: 'error',
      arrange: () => void (discord.guildRoles.find((r) => r.id === FAKE_DISCORD.botRoleId)!.permissions = '0'),
      message: /mangler rettigheten «Administrer roller»/,
    },
    {
      what: 'a role above the bot’s',
      id: 'discord.roles',
      status: 'error',
      arrange: () => void (discord.guildRoles.find((r) => r.id === FAKE_DISCORD.roles.vip)!.position = 11),
      message: /DISCORD_ROLE_VIP \(«vip»\) står over eller likt med botens høyeste rolle/,
    },
    {
      what: 'a role that is not on the server',
      id: 'discord.roles',
      status: 'error',
      env: { DISCORD_ROLE_MENTORSHIP: '399999999999999999' },
      message: /DISCORD_ROLE_MENTORSHIP \(399999999999999999\) finnes ikke/,
    },
    {
      what: 'wrong Mux credentials',
      id: 'mux.credentials',
      status: 'error',
      env: { MUX_TOKEN_SECRET: 'wrong-mux-token-secret' },
      message: /MUX_TOKEN_SECRET \(…cret\)/,
    },
    {
      what: 'a Mux signing key that was deleted',
      id: 'mux.signing-key',
      status: 'error',
      arrange: () => mux.signingKeys.clear(),
      message: /MUX_SIGNING_KEY_ID \(…6789\) finnes ikke i Mux/,
    },
    {
      what: 'a Mux token without System permission',
      id: 'mux.signing-key',
      status: 'warning',
      arrange: () => void (mux.systemAccess = false),
      message: /mangler System-tilgang/,
    },
    {
      what: 'a Fiken token that does not work',
      id: 'fiken.credentials',
      status: 'error',
      env: { FIKEN_API_TOKEN: 'wrong-fiken-token' },
      message: /^Fiken-nøkkelen virker ikke \(…oken\)/,
    },
    {
      what: 'a Fiken company that does not exist',
      id: 'fiken.credentials',
      status: 'error',
      env: { FIKEN_COMPANY_SLUG: 'finnes-ikke-as' },
      message: /FIKEN_COMPANY_SLUG/,
    },
    {
      what: 'a posting Fiken refused',
      id: 'fiken.queue',
      status: 'error',
      arrange: async () => {
        const now = new Date();
        await t.ds.getRepository(FikenPosting).insert({
          receiptId: 900001,
          kind: 'sale',
          state: 'failed',
          attempts: 1,
          lastError: 'Fiken svarte 400',
          nextAttemptAt: now,
          createdAt: now,
          updatedAt: now,
        });
      },
      message: /^1 bilag kom ikke inn i Fiken.*Regnskap/,
    },
    {
      what: 'a posting waiting for more than an hour',
      id: 'fiken.queue',
      status: 'warning',
      arrange: async () => {
        const then = new Date(Date.now() - 2 * 3600_000);
        await t.ds.getRepository(FikenPosting).insert({
          receiptId: 900002,
          kind: 'sale',
          state: 'waiting',
          attempts: 3,
          nextAttemptAt: new Date(),
          createdAt: then,
          updatedAt: then,
        });
      },
      message: /mer enn en time/,
    },
    {
      what: 'an SMTP server that is not there',
      id: 'mail.smtp',
      status: 'error',
      env: { SMTP_URL: 'smtp://127.0.0.1:9' },
      message: /SMTP-serveren 127\.0\.0\.1 svarte ikke.*SMTP_URL/,
    },
    {
      what: 'SPF that does not let the SMTP server send',
      id: 'mail.spf',
      status: 'warning',
      arrange: () => void dns.txt.set('spf.mailer.test', [['v=spf1 ip4:192.0.2.0/24 -all']]),
      message: /SPF-posten for akademiet\.no ser ikke ut til å gi 127\.0\.0\.1 lov/,
    },
    {
      what: 'no SPF record',
      id: 'mail.spf',
      status: 'error',
      arrange: () => void dns.txt.delete(DOMAIN),
      message: /akademiet\.no har ingen SPF-post/,
    },
    {
      what: 'no DMARC record',
      id: 'mail.dmarc',
      status: 'error',
      arrange: () => void dns.txt.delete(`_dmarc.${DOMAIN}`),
      message: /_dmarc\.akademiet\.no/,
    },
    {
      what: 'a DKIM record of another key',
      id: 'mail.dkim',
      status: 'error',
      arrange: () => void dns.txt.set(`${SELECTOR}._domainkey.${DOMAIN}`, [[`v=DKIM1; k=rsa; p=${rsaPem().publicDer}`]]),
      message: /DKIM-posten på mail2026\._domainkey\.akademiet\.no passer ikke til DKIM_PRIVATE_KEY/,
    },
    {
      what: 'no DKIM record',
      id: 'mail.dkim',
      status: 'error',
      arrange: () => void dns.txt.delete(`${SELECTOR}._domainkey.${DOMAIN}`),
      message: /Ingen DKIM-post på mail2026\._domainkey\.akademiet\.no/,
    },
    {
      what: 'mail through Postmark without its webhook login',
      id: 'mail.bounces',
      status: 'error',
      env: { SMTP_URL: 'smtp://smtp.postmarkapp.com:25', POSTMARK_WEBHOOK_USER: '', POSTMARK_WEBHOOK_PASSWORD: '' },
      message: /POSTMARK_WEBHOOK_USER og POSTMARK_WEBHOOK_PASSWORD mangler/,
    },
    {
      what: 'a stale backup',
      id: 'backups.latest',
      status: 'error',
      arrange: async () => {
        rmSync(backupDir, { recursive: true, force: true });
        mkdirSync(backupDir);
        await writeArchive(backupDir, 30, PASSPHRASE);
      },
      message: /Siste sikkerhetskopi, academy-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz\.enc, er 30 timer gammel/,
    },
    {
      what: 'a backup that does not read back (another passphrase)',
      id: 'backups.latest',
      status: 'error',
      env: { BACKUP_PASSPHRASE: 'another-backup-passphrase' },
      message: /kan ikke leses tilbake.*BACKUP_PASSPHRASE/,
    },
    {
      what: 'an S3 bucket that does not answer',
      id: 'backups.s3',
      status: 'error',
      arrange: () => void (s3Status = 403),
      message: /S3-bøtta academy-backups svarer ikke/,
    },
  ];

  it.each(BROKEN)('$what: $id is $status and says what to do', async (b) => {
    await b.arrange?.();
    const over = typeof b.env === 'function' ? b.env() : { ...b.env };
    // An empty value in the table: the variable left out.
    const e = Object.fromEntries(Object.entries(over).filter(([, v]) => v !== ''));
    const removed = Object.keys(over).filter((k) => over[k] === '');
    let out = '';
    const base = env(e);
    for (const k of removed) delete base[k];
    const code = await doctor(['--json'], base, {
      ds: t.ds,
      dns,
      disk: { warnBelow: 1, errorBelow: 0 },
      write: (s) => (out += s),
      ...b.deps?.(),
    });
    const report = JSON.parse(out) as StatusReport;
    const c = find(report, b.id);
    expect([c.status, c.message]).toEqual([b.status, expect.stringMatching(b.message)]);
    expect(code).toBe(report.checks.some((x) => x.status === 'error') ? 1 : 0);
    if (b.status === 'error') expect(code).toBe(1);
  });

  describe('«Driftsstatus» in the panel: GET /api/admin/status and POST /api/admin/status/run', () => {
    it('answers the last run of this instance (a first run when there is none), and runs again on demand', async () => {
      const admin = (await adminAgent(t)).agent;
      const health = await t.http().get('/api/health').expect(200);
      const first = await admin.get('/api/admin/status').expect(200);
      const report = first.body as StatusReport;
      expect(report.instance).toBe((health.body as { instance: string }).instance);
      expect(report.checks.length).toBeGreaterThan(10);
      // The test app has no integration set up: off, not errors.
      expect(find(report, 'stripe.key').status).toBe('off');
      expect(find(report, 'queues.webhooks').status).toBe('ok');
      const again = await admin.get('/api/admin/status').expect(200);
      expect((again.body as StatusReport).ranAt).toBe(report.ranAt);

      // A webhook refused (a signature that does not check out) shows at the next run.
      await t.http().post('/api/stripe/webhook').set('stripe-signature', 't=1,v1=00').send({ id: 'evt_x' });
      const run = await admin.post('/api/admin/status/run').send({}).expect(200);
      const webhooks = find(run.body as StatusReport, 'queues.webhooks');
      expect(webhooks).toMatchObject({ status: 'error', message: expect.stringMatching(/stripe: 1/) });
      // For the mentor, in plain words beside the technical sentence: what it means, who fixes it and how.
      expect(webhooks.plain).toEqual({
        what: 'Beskjeder fra betalingstjenestene',
        meaning: expect.stringMatching(/kjøp kan mangle tilgang/),
        who: 'operator',
        how: expect.stringMatching(/^Driftsansvarlig/),
      });
      for (const c of (run.body as StatusReport).checks) expect([c.id, typeof c.plain?.meaning]).toEqual([c.id, 'string']);
      expect(Date.parse((run.body as StatusReport).ranAt!)).toBeGreaterThanOrEqual(Date.parse(report.ranAt!));
    });
  });
});
