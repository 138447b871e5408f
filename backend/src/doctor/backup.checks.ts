import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { s3Client, s3Sdk } from '../platform/backup/backup';
import { decryptStream } from '../platform/backup/encryption';
import { ARCHIVE_RE, archiveTime } from '../platform/backup/rotation';
import { check, isProduction, reason, type Check, type DoctorContext } from './check';

/** A nightly backup older than this has missed a night (docs/decisions.md "Going live"). */
export const BACKUP_MAX_AGE_HOURS = 26;

/** The first entry of a tar (after any pax header): its name and content. */
function firstEntry(tar: Buffer): { name: string; content: Buffer } | null {
  let at = 0;
  while (at + 512 <= tar.length) {
    const header = tar.subarray(at, at + 512);
    const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const size = parseInt(header.subarray(124, 136).toString('ascii').replace(/\0.*$/s, '').trim() || '0', 8);
    const type = String.fromCharCode(header[156]);
    const body = at + 512;
    if (type === 'x' || type === 'g') {
      at = body + Math.ceil(size / 512) * 512;
      continue;
    }
    return name ? { name, content: tar.subarray(body, body + size) } : null;
  }
  return null;
}

/** Reads the whole archive back (decrypting and unzipping every byte) and answers its manifest. */
async function readBack(file: string, passphrase: string | null): Promise<{ createdAt?: string; format?: string }> {
  const head: Buffer[] = [];
  let kept = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      if (kept < 65_536) {
        head.push(chunk);
        kept += chunk.length;
      }
      cb();
    },
  });
  if (file.endsWith('.enc')) await pipeline(createReadStream(file), decryptStream(passphrase ?? ''), createGunzip(), sink);
  else await pipeline(createReadStream(file), createGunzip(), sink);
  const entry = firstEntry(Buffer.concat(head));
  if (entry?.name !== 'manifest.json') throw new Error('manifest.json mangler');
  return JSON.parse(entry.content.toString('utf8')) as { createdAt?: string; format?: string };
}

/**
 * Backups (docs/decisions.md "Going live"): the newest archive in BACKUP_DIR is under 26 hours old and
 * reads back to its end; S3 answers for the bucket; BACKUP_PASSPHRASE is set in production.
 */
export async function backupChecks(ctx: DoctorContext): Promise<Check[]> {
  const { backup } = ctx.cfg;
  const out: Check[] = [];
  const dir = resolve(backup.dir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const newest = names
    .filter((n) => ARCHIVE_RE.test(n))
    .map((n) => ({ name: n, at: archiveTime(n)! }))
    .sort((a, b) => b.at.getTime() - a.at.getTime())[0];
  if (!newest) {
    out.push(
      check(
        'backups',
        'latest',
        isProduction(ctx) ? 'error' : 'warning',
        `Ingen sikkerhetskopi i ${dir} (BACKUP_DIR): kjør npm run backup, og la backup-tjenesten i docker compose gå hver natt.`,
      ),
    );
  } else {
    const hours = (ctx.now().getTime() - newest.at.getTime()) / 3_600_000;
    if (hours > BACKUP_MAX_AGE_HOURS)
      out.push(
        check(
          'backups',
          'latest',
          'error',
          `Siste sikkerhetskopi, ${newest.name}, er ${Math.floor(hours)} timer gammel: se docker compose logs backup og kjør en ny med npm run backup.`,
        ),
      );
    else {
      try {
        const manifest = await readBack(join(dir, newest.name), backup.passphrase);
        if (manifest.format !== 'trading-academy-backup') throw new Error('ukjent format');
        out.push(
          check(
            'backups',
            'latest',
            'ok',
            `Siste sikkerhetskopi, ${newest.name}, er ${Math.floor(hours)} timer gammel og kan leses helt tilbake.`,
          ),
        );
      } catch (e) {
        out.push(
          check(
            'backups',
            'latest',
            'error',
            `Siste sikkerhetskopi, ${newest.name}, kan ikke leses tilbake (${reason(e)}): sjekk BACKUP_PASSPHRASE og ta en ny med npm run backup.`,
          ),
        );
      }
    }
  }

  if (!backup.s3)
    out.push(
      check(
        'backups',
        's3',
        'off',
        'Ingen kopi utenfor serveren (BACKUP_S3_BUCKET er ikke satt): sett den for å tåle at serveren går tapt.',
      ),
    );
  else {
    const client = s3Client(backup.s3);
    try {
      await client.send(new (s3Sdk().HeadBucketCommand)({ Bucket: backup.s3.bucket }), {
        abortSignal: AbortSignal.timeout(ctx.timeoutMs),
      });
      out.push(check('backups', 's3', 'ok', `S3-bøtta ${backup.s3.bucket} svarer.`));
    } catch (e) {
      out.push(
        check(
          'backups',
          's3',
          'error',
          `S3-bøtta ${backup.s3.bucket} svarer ikke (${reason(e)}): sjekk BACKUP_S3_ENDPOINT, BACKUP_S3_BUCKET og nøklene.`,
        ),
      );
    } finally {
      client.destroy();
    }
  }

  if (backup.passphrase)
    out.push(
      check(
        'backups',
        'passphrase',
        'ok',
        'Sikkerhetskopiene krypteres (BACKUP_PASSPHRASE er satt); ha passordet et annet sted enn arkivene.',
      ),
    );
  else if (isProduction(ctx))
    out.push(
      check(
        'backups',
        'passphrase',
        'error',
        'BACKUP_PASSPHRASE mangler i produksjon: sett et langt passord så arkivene krypteres.',
      ),
    );
  else out.push(check('backups', 'passphrase', 'off', 'Sikkerhetskopiene krypteres ikke (BACKUP_PASSPHRASE er ikke satt).'));
  return out;
}
