// Backups of the academy: the database and the upload folder in one archive (docs/operations.md "Backups").
//   node backend/dist/backup-cli.js backup                        one backup now (npm run backup)
//   node backend/dist/backup-cli.js restore <archive> [--force]   restore (npm run restore -- <archive>)
//   node backend/dist/backup-cli.js schedule                      every night at BACKUP_TIME (the compose service)
// Reads the same environment as the service (.env for npm scripts). Exit codes: 0 done, 1 failed, 2 wrong use.
import { ConfigError, parseEnv, type AppConfig } from './platform/config/env.schema';
import { BackupError, restoreBackup, runBackup } from './platform/backup/backup';

const USAGE = [
  'Usage:',
  '  npm run backup                             one backup now',
  '  npm run restore -- <archive> [--force]     restore (--force: delete what is there first)',
  '  node backend/dist/backup-cli.js schedule   every night at BACKUP_TIME',
].join('\n');

class UsageError extends Error {}

const log = (line: string) => process.stdout.write(`${line}\n`);

async function backupOnce(cfg: AppConfig): Promise<void> {
  const r = await runBackup(cfg, log);
  log(`✓ Backup done in ${(r.ms / 1000).toFixed(1)} s: ${r.archive} (${r.bytes} bytes)`);
}

/** Milliseconds from `now` to the next HH:MM (local time of the process, TZ). */
export function msUntil(time: string, now = new Date()): number {
  const [h, m] = time.split(':').map(Number);
  const next = new Date(now);
  next.setHours(h, m, 0, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return next.getTime() - now.getTime();
}

async function schedule(cfg: AppConfig): Promise<never> {
  let stopping = false;
  let wake: (() => void) | null = null;
  const stop = () => {
    stopping = true;
    wake?.();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  log(`Backup every night at ${cfg.backup.time} (${Intl.DateTimeFormat().resolvedOptions().timeZone}) to ${cfg.backup.dir}`);
  for (;;) {
    const wait = msUntil(cfg.backup.time);
    log(`Next backup: ${new Date(Date.now() + wait).toISOString()}`);
    await new Promise<void>((res) => {
      const timer = setTimeout(res, wait);
      wake = () => {
        clearTimeout(timer);
        res();
      };
    });
    if (stopping) process.exit(0);
    try {
      await backupOnce(cfg);
    } catch (e) {
      // A failed night is logged (and shows as a missing archive); the next night tries again.
      process.stderr.write(`✗ Backup failed: ${(e as Error).message}\n`);
    }
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command !== 'backup' && command !== 'restore' && command !== 'schedule') throw new UsageError(USAGE);
  const cfg = parseEnv(process.env);
  if (command === 'backup') {
    if (rest.length) throw new UsageError(USAGE);
    return backupOnce(cfg);
  }
  if (command === 'schedule') return void (await schedule(cfg));
  const force = rest.includes('--force');
  const args = rest.filter((a) => a !== '--force');
  const unknown = args.filter((a) => a.startsWith('-'));
  if (unknown.length) throw new UsageError(`Unknown option: ${unknown.join(' ')}\n${USAGE}`);
  if (args.length !== 1) throw new UsageError(`Name one archive\n${USAGE}`);
  const r = await restoreBackup(cfg, args[0], { force }, log);
  log(
    `✓ Restored the backup from ${r.manifest.createdAt} (${r.uploads} uploads) in ${(r.ms / 1000).toFixed(1)} s. ` +
      'Start the service again; the migrations run at start.',
  );
}

if (require.main === module)
  main(process.argv.slice(2)).then(
    () => process.exit(0),
    (e: unknown) => {
      if (e instanceof UsageError) {
        process.stderr.write(`${e.message}\n`);
        process.exit(2);
      }
      const known = e instanceof ConfigError || e instanceof BackupError;
      process.stderr.write(`✗ ${known ? (e as Error).message : `Unexpected error: ${(e as Error)?.stack ?? String(e)}`}\n`);
      process.exit(1);
    },
  );
