import { createPrivateKey } from 'node:crypto';

/**
 * What running the academy for years needs: the upload folder, backups (BACKUP_*), the metrics
 * endpoint (METRICS_TOKEN), DKIM signing (DKIM_*) and the bounce webhook's credentials (POSTMARK_WEBHOOK_*).
 */
export interface OperationsConfig {
  /** UPLOAD_DIR: files people upload (mentorship images); part of every backup. */
  uploadDir: string;
  /** METRICS_TOKEN: GET /metrics answers only with `Authorization: Bearer <token>`; null: /metrics is closed (404). */
  metricsToken: string | null;
  /** DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY (all three or none): every outgoing mail is signed. */
  dkim: DkimConfig | null;
  /** POSTMARK_WEBHOOK_USER and POSTMARK_WEBHOOK_PASSWORD: the basic auth of the bounce webhook; null: it answers 404. */
  postmarkWebhook: { user: string; password: string } | null;
  backup: BackupConfig;
}

export interface DkimConfig {
  domainName: string;
  keySelector: string;
  /** PEM. */
  privateKey: string;
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

type Str = (name: string) => string | null;
type Int = (name: string, def: number, min: number, max: number) => number;
type Url = (name: string, def: string | null) => string | null;

const DOMAIN_RE = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const SELECTOR_RE = /^[a-z0-9](?:[a-z0-9._-]{0,62})$/i;

/** DKIM_PRIVATE_KEY as PEM, or base64 of the PEM (one line, for .env files); an RSA key of at least 1024 bits. */
export function dkimPrivateKey(raw: string): { pem: string } | { problem: string } {
  let pem = raw.replace(/\\n/g, '\n').trim();
  if (!pem.startsWith('-----BEGIN')) {
    const decoded = /^[A-Za-z0-9+/=\s]+$/.test(pem) ? Buffer.from(pem, 'base64').toString('utf8').trim() : '';
    if (!decoded.startsWith('-----BEGIN'))
      return { problem: 'DKIM_PRIVATE_KEY: en privat nøkkel i PEM-format (-----BEGIN PRIVATE KEY-----), eller base64 av den' };
    pem = decoded;
  }
  try {
    const key = createPrivateKey(pem);
    if (key.asymmetricKeyType !== 'rsa')
      return { problem: `DKIM_PRIVATE_KEY: må være en RSA-nøkkel, fikk ${key.asymmetricKeyType ?? 'ukjent type'}` };
    const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
    if (bits < 1024) return { problem: `DKIM_PRIVATE_KEY: RSA-nøkkelen er ${bits} bit; bruk minst 1024 (helst 2048)` };
  } catch {
    return { problem: 'DKIM_PRIVATE_KEY: kunne ikke lese nøkkelen (PEM, eller base64 av PEM)' };
  }
  return { pem };
}

function dkimSettings(str: Str, problems: string[]): DkimConfig | null {
  const names = ['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY'] as const;
  const [domain, selector, keyRaw] = names.map((n) => str(n));
  const set = names.filter((n) => str(n) !== null);
  if (set.length === 0) return null;
  if (set.length < names.length) {
    problems.push(
      `${names.filter((n) => str(n) === null).join(', ')}: påkrevd når ${set.join(', ')} er satt (alle tre eller ingen)`,
    );
    return null;
  }
  if (!DOMAIN_RE.test(domain!)) problems.push(`DKIM_DOMAIN: et domenenavn (f.eks. example.no), fikk "${domain}"`);
  if (!SELECTOR_RE.test(selector!))
    problems.push(`DKIM_SELECTOR: bokstaver, tall, punktum og bindestrek (f.eks. mail2026), fikk "${selector}"`);
  const key = dkimPrivateKey(keyRaw!);
  if ('problem' in key) {
    problems.push(key.problem);
    return null;
  }
  return { domainName: domain!.toLowerCase(), keySelector: selector!, privateKey: key.pem };
}

function pairSettings(str: Str, user: string, password: string, problems: string[]): { user: string; password: string } | null {
  const u = str(user);
  const p = str(password);
  if (u === null && p === null) return null;
  if (u === null || p === null) {
    problems.push(`${user} og ${password}: sett begge eller ingen`);
    return null;
  }
  if (u.includes(':')) problems.push(`${user}: kan ikke inneholde kolon (HTTP basic auth)`);
  if (p.length < 16) problems.push(`${password}: minst 16 tegn (f.eks. openssl rand -hex 24)`);
  return { user: u, password: p };
}

function s3Settings(str: Str, url: Url, problems: string[]): BackupS3Config | null {
  const bucket = str('BACKUP_S3_BUCKET');
  const others = [
    'BACKUP_S3_ENDPOINT',
    'BACKUP_S3_REGION',
    'BACKUP_S3_ACCESS_KEY_ID',
    'BACKUP_S3_SECRET_ACCESS_KEY',
    'BACKUP_S3_PREFIX',
  ];
  if (bucket === null) {
    const stray = others.filter((n) => str(n) !== null);
    if (stray.length) problems.push(`BACKUP_S3_BUCKET: påkrevd når ${stray.join(', ')} er satt`);
    return null;
  }
  const accessKeyId = str('BACKUP_S3_ACCESS_KEY_ID');
  const secretAccessKey = str('BACKUP_S3_SECRET_ACCESS_KEY');
  if (accessKeyId === null || secretAccessKey === null)
    problems.push('BACKUP_S3_ACCESS_KEY_ID og BACKUP_S3_SECRET_ACCESS_KEY: påkrevd når BACKUP_S3_BUCKET er satt');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    problems.push(`BACKUP_S3_BUCKET: et bøttenavn (3–63 tegn a-z, 0-9, . og -), fikk "${bucket}"`);
  const prefix = str('BACKUP_S3_PREFIX') ?? '';
  if (prefix.startsWith('/')) problems.push('BACKUP_S3_PREFIX: uten / først (f.eks. academy/)');
  return {
    bucket,
    endpoint: url('BACKUP_S3_ENDPOINT', null),
    region: str('BACKUP_S3_REGION') ?? 'us-east-1',
    accessKeyId: accessKeyId ?? '',
    secretAccessKey: secretAccessKey ?? '',
    prefix,
  };
}

export function operationsSettings(str: Str, int: Int, url: Url, problems: string[]): OperationsConfig {
  const metricsToken = str('METRICS_TOKEN');
  if (metricsToken !== null && metricsToken.length < 16)
    problems.push('METRICS_TOKEN: minst 16 tegn (f.eks. openssl rand -hex 24)');
  const passphrase = str('BACKUP_PASSPHRASE');
  if (passphrase !== null && passphrase.length < 12) problems.push('BACKUP_PASSPHRASE: minst 12 tegn');
  const time = str('BACKUP_TIME') ?? '03:30';
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) problems.push(`BACKUP_TIME: klokkeslett som HH:MM (f.eks. 03:30), fikk "${time}"`);
  return {
    uploadDir: str('UPLOAD_DIR') ?? 'data/uploads',
    metricsToken,
    dkim: dkimSettings(str, problems),
    postmarkWebhook: pairSettings(str, 'POSTMARK_WEBHOOK_USER', 'POSTMARK_WEBHOOK_PASSWORD', problems),
    backup: {
      dir: str('BACKUP_DIR') ?? 'data/backups',
      passphrase,
      keepDaily: int('BACKUP_KEEP_DAILY', 7, 1, 366),
      keepWeekly: int('BACKUP_KEEP_WEEKLY', 4, 0, 520),
      time,
      s3: s3Settings(str, url, problems),
    },
  };
}
