import type { EnvReader } from './env-reader';

/** Uploads and backups: UPLOAD_DIR and BACKUP_*. */
export interface BackupSettings {
  /** UPLOAD_DIR: files people upload (mentorship images); part of every backup. */
  uploadDir: string;
  backup: BackupConfig;
}

export interface BackupConfig {
  /** BACKUP_DIR: where the archives are written and rotated. */
  dir: string;
  /** BACKUP_PASSPHRASE: archives are encrypted (AES-256-GCM, key from scrypt) when set. */
  passphrase: string | null;
  /** BACKUP_KEEP_DAILY, BACKUP_KEEP_WEEKLY: the newest archive of this many days and ISO weeks is kept. */
  keepDaily: number;
  keepWeekly: number;
  /** BACKUP_TIME: when the nightly backup service runs (HH:MM, the container's time zone, TZ). */
  time: string;
  /** BACKUP_S3_*: a copy of every archive in S3-compatible storage. */
  s3: BackupS3Config | null;
}

export interface BackupS3Config {
  bucket: string;
  endpoint: string | null;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Put before every key (e.g. `academy/`). */
  prefix: string;
}

const S3_OPTIONAL = [
  'BACKUP_S3_ENDPOINT',
  'BACKUP_S3_REGION',
  'BACKUP_S3_ACCESS_KEY_ID',
  'BACKUP_S3_SECRET_ACCESS_KEY',
  'BACKUP_S3_PREFIX',
] as const;

/** BACKUP_S3_*: BACKUP_S3_BUCKET turns the copy on and needs both keys; the others only with it. */
function readS3(env: EnvReader): BackupS3Config | null {
  const bucket = env.str('BACKUP_S3_BUCKET');
  if (bucket === null) {
    const stray = S3_OPTIONAL.filter((n) => env.str(n) !== null);
    if (stray.length) env.problem(`BACKUP_S3_BUCKET: påkrevd når ${stray.join(', ')} er satt`);
    return null;
  }
  const accessKeyId = env.str('BACKUP_S3_ACCESS_KEY_ID');
  const secretAccessKey = env.str('BACKUP_S3_SECRET_ACCESS_KEY');
  if (accessKeyId === null || secretAccessKey === null)
    env.problem('BACKUP_S3_ACCESS_KEY_ID og BACKUP_S3_SECRET_ACCESS_KEY: påkrevd når BACKUP_S3_BUCKET er satt');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    env.problem(`BACKUP_S3_BUCKET: et bøttenavn (3–63 tegn a-z, 0-9, . og -), fikk "${bucket}"`);
  const prefix = env.str('BACKUP_S3_PREFIX') ?? '';
  if (prefix.startsWith('/')) env.problem('BACKUP_S3_PREFIX: uten / først (f.eks. academy/)');
  return {
    bucket,
    endpoint: env.url('BACKUP_S3_ENDPOINT', null),
    region: env.str('BACKUP_S3_REGION') ?? 'us-east-1',
    accessKeyId: accessKeyId ?? '',
    secretAccessKey: secretAccessKey ?? '',
    prefix,
  };
}

export function readBackup(env: EnvReader): BackupSettings {
  const passphrase = env.str('BACKUP_PASSPHRASE');
  if (passphrase !== null && passphrase.length < 12) env.problem('BACKUP_PASSPHRASE: minst 12 tegn');
  const time = env.str('BACKUP_TIME') ?? '03:30';
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) env.problem(`BACKUP_TIME: klokkeslett som HH:MM (f.eks. 03:30), fikk "${time}"`);
  return {
    uploadDir: env.str('UPLOAD_DIR') ?? 'data/uploads',
    backup: {
      dir: env.str('BACKUP_DIR') ?? 'data/backups',
      passphrase,
      keepDaily: env.int('BACKUP_KEEP_DAILY', 7, 1, 366),
      keepWeekly: env.int('BACKUP_KEEP_WEEKLY', 4, 0, 520),
      time,
      s3: readS3(env),
    },
  };
}
