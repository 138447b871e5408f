import type * as S3 from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { createReadStream, createWriteStream } from 'node:fs';
import { cp, mkdir, mkdtemp, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { AppConfig, BackupS3Config } from '../config';
import {
  BackupError,
  dumpMysql,
  dumpSqlite,
  mysqlTables,
  restoreMysql,
  restoreSqlite,
  sqliteFile,
  sqliteTableCount,
} from './database-dump';
import { decryptStream, ENCRYPTED_MAGIC, encryptStream } from './encryption';
import { archiveName, archivesToDelete } from './rotation';
import { extractTar, tarStream, type TarFile } from './tar';
import { lazyModule } from '../modules/lazy-module';

/** The S3 client, loaded with the first copy or check: an instance without off-site backups never loads it (about 20 MB resident). */
export const s3Sdk = lazyModule<typeof S3>('@aws-sdk/client-s3');

export { BackupError } from './database-dump';

/** What an archive says about itself (`manifest.json`, its first entry). */
export interface BackupManifest {
  format: 'trading-academy-backup';
  version: 1;
  createdAt: string;
  dialect: 'mysql' | 'sqlite';
  /** `database.sql` (MySQL) or `database.sqlite`. */
  database: string;
  uploads: number;
}

export interface BackupResult {
  archive: string;
  bytes: number;
  ms: number;
  uploads: number;
  encrypted: boolean;
  deleted: string[];
  s3Key: string | null;
}

type Log = (line: string) => void;

const DB_FILE = { mysql: 'database.sql', sqlite: 'database.sqlite' } as const;

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return out;
    throw e;
  }
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(path)));
    else if (e.isFile()) out.push(path);
  }
  return out;
}

/**
 * One backup: the database (a consistent snapshot) and the upload folder, as one compressed archive
 * (`academy-<UTC time>.tar.gz`, encrypted to `.tar.gz.enc` with BACKUP_PASSPHRASE) in BACKUP_DIR,
 * written under a temporary name and renamed when complete; then the rotation, then the copy to S3.
 */
export async function runBackup(cfg: AppConfig, log: Log = () => undefined, now = new Date()): Promise<BackupResult> {
  const started = performance.now();
  const dir = resolve(cfg.backup.dir);
  const uploadDir = resolve(cfg.uploadDir);
  await mkdir(dir, { recursive: true });
  await mkdir(uploadDir, { recursive: true });
  const work = await mkdtemp(join(dir, '.backup-'));
  try {
    const dbFile = join(work, DB_FILE[cfg.dialect]);
    log(`• Database (${cfg.dialect === 'mysql' ? 'mariadb-dump/mysqldump --single-transaction' : 'SQLite online backup'}) …`);
    if (cfg.dialect === 'mysql') await dumpMysql(cfg.databaseUrl, dbFile, work);
    else await dumpSqlite(cfg.databaseUrl, dbFile);
    const uploads = await filesUnder(uploadDir);
    log(`• Opplastinger: ${uploads.length} filer fra ${uploadDir}`);
    const manifest: BackupManifest = {
      format: 'trading-academy-backup',
      version: 1,
      createdAt: now.toISOString(),
      dialect: cfg.dialect,
      database: DB_FILE[cfg.dialect],
      uploads: uploads.length,
    };
    const manifestFile = join(work, 'manifest.json');
    await writeFile(manifestFile, JSON.stringify(manifest, null, 2) + '\n');
    const files: TarFile[] = [
      { name: 'manifest.json', path: manifestFile },
      { name: manifest.database, path: dbFile },
      ...uploads.map((path) => ({ name: `uploads/${relative(uploadDir, path).split(sep).join('/')}`, path })),
    ];

    const encrypted = cfg.backup.passphrase !== null;
    const name = archiveName(now, encrypted);
    const partial = join(work, `${name}.partial`);
    const stages: NodeJS.ReadWriteStream[] = [createGzip({ level: 6 })];
    if (cfg.backup.passphrase !== null) stages.push(encryptStream(cfg.backup.passphrase));
    await pipeline(tarStream(files), ...(stages as [NodeJS.ReadWriteStream]), createWriteStream(partial, { mode: 0o600 }));
    const fh = await open(partial, 'r');
    await fh.sync();
    await fh.close();
    const archive = join(dir, name);
    await rename(partial, archive);
    const bytes = (await stat(archive)).size;
    log(`• Arkiv: ${archive} (${(bytes / 1024 / 1024).toFixed(1)} MB${encrypted ? ', kryptert' : ''})`);

    const deleted = archivesToDelete(await readdir(dir), cfg.backup.keepDaily, cfg.backup.keepWeekly);
    for (const old of deleted) await rm(join(dir, old), { force: true });
    if (deleted.length) log(`• Rotasjon: slettet ${deleted.join(', ')}`);

    let s3Key: string | null = null;
    if (cfg.backup.s3) {
      s3Key = await copyToS3(cfg.backup.s3, archive, bytes);
      log(`• Kopiert til s3://${cfg.backup.s3.bucket}/${s3Key}`);
    }
    return { archive, bytes, ms: Math.round(performance.now() - started), uploads: uploads.length, encrypted, deleted, s3Key };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export function s3Client(s3: BackupS3Config): S3Client {
  return new (s3Sdk().S3Client)({
    region: s3.region,
    endpoint: s3.endpoint ?? undefined,
    // Path-style addressing (https://host/bucket/key): what MinIO, Ceph and most S3-compatible services expect.
    forcePathStyle: s3.endpoint !== null,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    // A plain signed upload (no aws-chunked body with trailing checksums, which some S3-compatible services refuse).
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
}

async function copyToS3(s3: BackupS3Config, archive: string, bytes: number): Promise<string> {
  const key = `${s3.prefix}${basename(archive)}`;
  const client = s3Client(s3);
  try {
    await client.send(
      new (s3Sdk().PutObjectCommand)({
        Bucket: s3.bucket,
        Key: key,
        Body: createReadStream(archive),
        ContentLength: bytes,
        ContentType: 'application/octet-stream',
      }),
    );
  } catch (e) {
    throw new BackupError(
      `Arkivet ble laget (${archive}), men kopien til s3://${s3.bucket}/${key} feilet: ${(e as Error).message} / the copy to S3 failed`,
    );
  } finally {
    client.destroy();
  }
  return key;
}

export interface RestoreResult {
  manifest: BackupManifest;
  uploads: number;
  ms: number;
}

async function isEncrypted(archive: string): Promise<boolean> {
  const fh = await open(archive, 'r');
  try {
    const head = Buffer.alloc(ENCRYPTED_MAGIC.length);
    await fh.read(head, 0, head.length, 0);
    if (head.equals(ENCRYPTED_MAGIC)) return true;
    if (head[0] === 0x1f && head[1] === 0x8b) return false;
  } finally {
    await fh.close();
  }
  throw new BackupError(
    `${archive} er ikke en sikkerhetskopi fra akademiet (verken .tar.gz eller kryptert) / not a backup archive`,
  );
}

/**
 * Restores an archive into an empty database and an empty upload folder; `force` empties them first.
 * The whole archive is unpacked (and, when encrypted, authenticated) before anything is changed.
 */
export async function restoreBackup(
  cfg: AppConfig,
  archivePath: string,
  opts: { force: boolean },
  log: Log = () => undefined,
): Promise<RestoreResult> {
  const started = performance.now();
  const archive = resolve(archivePath);
  try {
    await stat(archive);
  } catch {
    throw new BackupError(`Fant ikke arkivet ${archive} / archive not found`);
  }
  const encrypted = await isEncrypted(archive);
  if (encrypted && cfg.backup.passphrase === null)
    throw new BackupError(
      'Arkivet er kryptert: sett BACKUP_PASSPHRASE til passordfrasen det ble laget med / the archive is encrypted: set BACKUP_PASSPHRASE',
    );

  // The targets first: refuse before the long unpacking.
  const uploadDir = resolve(cfg.uploadDir);
  const uploadsThere = (await readdir(uploadDir).catch(() => [] as string[])).length;
  const tables =
    cfg.dialect === 'mysql' ? ((await mysqlTables(cfg.databaseUrl)) ?? []).length : sqliteTableCount(cfg.databaseUrl);
  if (!opts.force && (tables > 0 || uploadsThere > 0))
    throw new BackupError(
      [
        tables > 0 ? `databasen er ikke tom (${tables} tabeller)` : null,
        uploadsThere > 0 ? `opplastingsmappen ${uploadDir} er ikke tom (${uploadsThere} oppføringer)` : null,
      ]
        .filter(Boolean)
        .join(' og ') +
        '. Gjenoppretting skjer bare til en tom database og en tom mappe; bruk --force for å slette det som er der først. / ' +
        'The target is not empty; use --force to replace it.',
    );

  const workRoot = resolve(cfg.backup.dir);
  await mkdir(workRoot, { recursive: true });
  const work = await mkdtemp(join(workRoot, '.restore-'));
  try {
    log(`• Pakker ut ${archive}${encrypted ? ' (dekrypterer)' : ''} …`);
    const stages: NodeJS.ReadWriteStream[] = [];
    if (encrypted) stages.push(decryptStream(cfg.backup.passphrase!));
    stages.push(createGunzip());
    let names: string[] = [];
    try {
      const unpack = async (unpacked: AsyncIterable<Buffer>): Promise<void> => {
        names = await extractTar(unpacked, work);
      };
      await (pipeline as (...streams: unknown[]) => Promise<void>)(createReadStream(archive), ...stages, unpack);
    } catch (e) {
      if (e instanceof Error && e.name === 'DecryptionError') throw new BackupError(e.message);
      throw new BackupError(`Kunne ikke lese arkivet: ${(e as Error).message} / could not read the archive`);
    }
    let manifest: BackupManifest;
    try {
      manifest = JSON.parse(await readFile(join(work, 'manifest.json'), 'utf8')) as BackupManifest;
    } catch {
      throw new BackupError('Arkivet mangler manifest.json: ikke en sikkerhetskopi fra akademiet / not a backup archive');
    }
    if (manifest.format !== 'trading-academy-backup' || manifest.version !== 1)
      throw new BackupError(`Ukjent arkivformat (${manifest.format} ${manifest.version}) / unknown archive format`);
    if (manifest.dialect !== cfg.dialect)
      throw new BackupError(
        `Arkivet er fra en ${manifest.dialect}-database, men DATABASE_URL peker på ${cfg.dialect} / ` +
          'the archive and DATABASE_URL are different kinds of database',
      );
    if (!names.includes(manifest.database))
      throw new BackupError(`Arkivet mangler ${manifest.database} / the archive has no database`);

    log(`• Database (${cfg.dialect}) …`);
    if (cfg.dialect === 'mysql') await restoreMysql(cfg.databaseUrl, join(work, manifest.database), work, opts.force);
    else {
      await mkdir(resolve(sqliteFile(cfg.databaseUrl), '..'), { recursive: true });
      await restoreSqlite(cfg.databaseUrl, join(work, manifest.database));
    }

    log(`• Opplastinger til ${uploadDir} …`);
    await mkdir(uploadDir, { recursive: true });
    if (opts.force) for (const e of await readdir(uploadDir)) await rm(join(uploadDir, e), { recursive: true, force: true });
    const staged = join(work, 'uploads');
    const uploads = names.filter((n) => n.startsWith('uploads/')).length;
    if (uploads > 0) await cp(staged, uploadDir, { recursive: true, errorOnExist: true, force: false });
    return { manifest, uploads, ms: Math.round(performance.now() - started) };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
