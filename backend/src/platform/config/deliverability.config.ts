import { createPrivateKey } from 'node:crypto';
import type { EnvReader } from './env-reader';

/** Deliverability: DKIM signing (DKIM_*) and the bounce webhook's credentials (POSTMARK_WEBHOOK_*). */
export interface DeliverabilityConfig {
  /** DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY (all three or none): every outgoing mail is signed. */
  dkim: DkimConfig | null;
  /** POSTMARK_WEBHOOK_USER and POSTMARK_WEBHOOK_PASSWORD: the basic auth of the bounce webhook; null: it answers 404. */
  postmarkWebhook: { user: string; password: string } | null;
}

export interface DkimConfig {
  domainName: string;
  keySelector: string;
  /** PEM. */
  privateKey: string;
}

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

function readDkim(env: EnvReader): DkimConfig | null {
  const values = env.group(['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY'], 'alle tre');
  if (values === 'none' || values === 'partial') return null;
  const [domain, selector, keyRaw] = values;
  if (!DOMAIN_RE.test(domain)) env.problem(`DKIM_DOMAIN: et domenenavn (f.eks. example.no), fikk "${domain}"`);
  if (!SELECTOR_RE.test(selector))
    env.problem(`DKIM_SELECTOR: bokstaver, tall, punktum og bindestrek (f.eks. mail2026), fikk "${selector}"`);
  const key = dkimPrivateKey(keyRaw);
  if ('problem' in key) {
    env.problem(key.problem);
    return null;
  }
  return { domainName: domain.toLowerCase(), keySelector: selector, privateKey: key.pem };
}

/** A basic-auth pair: both or none; no colon in the user, a password of at least 16 characters. */
function readPair(env: EnvReader, user: string, password: string): { user: string; password: string } | null {
  const u = env.str(user);
  const p = env.str(password);
  if (u === null && p === null) return null;
  if (u === null || p === null) {
    env.problem(`${user} og ${password}: sett begge eller ingen`);
    return null;
  }
  if (u.includes(':')) env.problem(`${user}: kan ikke inneholde kolon (HTTP basic auth)`);
  if (p.length < 16) env.problem(`${password}: minst 16 tegn (f.eks. openssl rand -hex 24)`);
  return { user: u, password: p };
}

export function readDeliverability(env: EnvReader): DeliverabilityConfig {
  return { dkim: readDkim(env), postmarkWebhook: readPair(env, 'POSTMARK_WEBHOOK_USER', 'POSTMARK_WEBHOOK_PASSWORD') };
}
