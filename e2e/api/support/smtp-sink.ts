import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/**
 * A local SMTP server for the suites (127.0.0.1, random port): collects every message, parsed
 * just enough to check it (headers, subject, the text and HTML parts). It can refuse for a while
 * (451 on RCPT, a temporary failure) or for good (550), and come back.
 */

export interface SunkMail {
  from: string;
  to: string[];
  raw: string;
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
}

export type SinkMode = 'accept' | 'refuse' | 'reject';

export interface SmtpSink {
  port: number;
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  messages: SunkMail[];
  /** accept (250), refuse (451 on RCPT: try later), reject (550 on RCPT: never). */
  setMode(mode: SinkMode): void;
  /** Slows every DATA answer down (to let two workers overlap). */
  setDelay(ms: number): void;
  /** How many RCPT commands were refused or rejected. */
  refusals(): number;
  /** Messages to one address. */
  to(address: string): SunkMail[];
  /** Waits until `predicate` holds for some message and returns it. */
  waitFor(predicate: (m: SunkMail) => boolean, timeoutMs?: number): Promise<SunkMail>;
  clear(): void;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// A small MIME reader: headers, multipart/alternative, quoted-printable and base64.

function splitHead(raw: string): { head: string; body: string } {
  const i = raw.search(/\r?\n\r?\n/);
  if (i < 0) return { head: raw, body: '' };
  const sep = raw.slice(i).match(/^\r?\n\r?\n/)?.[0] ?? '\n\n';
  return { head: raw.slice(0, i), body: raw.slice(i + sep.length) };
}

function parseHeaders(head: string): Record<string, string> {
  const out: Record<string, string> = {};
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const c = line.indexOf(':');
    if (c <= 0) continue;
    const k = line.slice(0, c).trim().toLowerCase();
    if (!(k in out)) out[k] = line.slice(c + 1).trim();
  }
  return out;
}

function decodeQuotedPrintable(s: string): Buffer {
  const soft = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i];
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(body: string, encoding: string | undefined): string {
  const enc = (encoding ?? '7bit').toLowerCase();
  if (enc === 'quoted-printable') return decodeQuotedPrintable(body).toString('utf8');
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=` / `=?UTF-8?B?…?=`), adjacent words joined. */
export function decodeWords(s: string): string {
  return s
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

interface Part {
  type: string;
  text: string;
}

function parts(headers: Record<string, string>, body: string): Part[] {
  const ct = headers['content-type'] ?? 'text/plain';
  const boundary = ct.match(/boundary="?([^";]+)"?/i)?.[1];
  if (/^multipart\//i.test(ct) && boundary) {
    const chunks = body.split(`--${boundary}`).slice(1);
    const out: Part[] = [];
    for (const chunk of chunks) {
      if (chunk.startsWith('--')) break;
      const { head, body: b } = splitHead(chunk.replace(/^\r?\n/, ''));
      out.push(...parts(parseHeaders(head), b.replace(/\r?\n$/, '')));
    }
    return out;
  }
  return [{ type: ct.split(';')[0].trim().toLowerCase(), text: decodeBody(body, headers['content-transfer-encoding']) }];
}

export function parseMail(raw: string, envelope: { from: string; to: string[] }): SunkMail {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const all = parts(headers, body);
  return {
    ...envelope,
    raw,
    headers,
    subject: decodeWords(headers.subject ?? ''),
    text: all.find((p) => p.type === 'text/plain')?.text.replace(/\r\n/g, '\n') ?? '',
    html: all.find((p) => p.type === 'text/html')?.text ?? '',
  };
}

// ---------------------------------------------------------------------------------------------

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: SunkMail[] = [];
  let mode: SinkMode = 'accept';
  let delay = 0;
  let refused = 0;

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, cb) => cb(null, { user: 'test' }),
    onRcptTo: (_address, _session, cb) => {
      if (mode === 'accept') return cb();
      refused++;
      const err = new Error(mode === 'refuse' ? 'Midlertidig feil, prøv igjen senere' : 'Mottakeren finnes ikke') as Error & {
        responseCode: number;
      };
      err.responseCode = mode === 'refuse' ? 451 : 550;
      cb(err);
    },
    onData: (stream, session: SMTPServerSession, cb) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        const finish = () => {
          messages.push(parseMail(raw, envelope));
          cb();
        };
        if (delay > 0) setTimeout(finish, delay);
        else finish();
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    setMode: (m) => void (mode = m),
    setDelay: (ms) => void (delay = ms),
    refusals: () => refused,
    to: (address) => messages.filter((m) => m.to.includes(address.toLowerCase())),
    waitFor: async (predicate, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = messages.find(predicate);
        if (hit) return hit;
        if (Date.now() > deadline) throw new Error(`no matching mail within ${timeoutMs} ms (got ${messages.length})`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    clear: () => {
      messages.length = 0;
      refused = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a text that starts with `prefix`. */
export function linkIn(text: string, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = text.match(new RegExp(`${escaped}[^\\s<>"]*`));
  if (!m) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  return m[0];
}
