import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestApp } from './test-app';

/**
 * A plain node:http client for suites that must send exactly the bytes they choose: paths that are
 * not normalised (`..`, bad percent-encodings), any header, any body. Answers are never thrown.
 */

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The parsed body when it is JSON, else undefined. */
  json: unknown;
}

export interface RawClient {
  origin: string;
  send(req: RawRequest): Promise<RawResponse>;
  close(): void;
}

/** Makes the test app listen on a loopback port (once) and returns a client for it. */
export async function rawClient(t: TestApp, opts: { keepAlive?: boolean } = {}): Promise<RawClient> {
  const server = t.app.getHttpServer();
  if (!server.listening) await t.app.listen(0, '127.0.0.1');
  const port = (server.address() as AddressInfo).port;
  return rawClientFor('127.0.0.1', port, opts);
}

/**
 * keepAlive false (the default) opens a connection per request: a server that closes a connection
 * after refusing a request (413, 431) then never races with the next request on it.
 */
export function rawClientFor(host: string, port: number, opts: { keepAlive?: boolean; maxSockets?: number } = {}): RawClient {
  const agent = new Agent({ keepAlive: opts.keepAlive ?? false, maxSockets: opts.maxSockets ?? 16 });
  return {
    origin: `http://${host}:${port}`,
    send: (r) =>
      new Promise<RawResponse>((resolve, reject) => {
        const headers: Record<string, string | string[]> = { ...(r.headers ?? {}) };
        if (r.body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-length'))
          headers['content-length'] = String(Buffer.byteLength(r.body));
        let answered = false;
        const req = request({ host, port, method: r.method, path: r.path, headers, agent }, (res) => {
          answered = true;
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let json: unknown;
            if (/application\/json/.test(String(res.headers['content-type'] ?? ''))) {
              try {
                json = JSON.parse(text);
              } catch {
                json = undefined;
              }
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
          });
          res.on('error', reject);
        });
        // A server may answer (413) and close before the whole body is written: the answer counts.
        req.on('error', (e) => {
          if (!answered) reject(e);
        });
        if (r.body !== undefined) req.write(r.body);
        req.end();
      }),
    close: () => agent.destroy(),
  };
}

/**
 * Makes a path safe to put on the wire without normalising it: characters outside the printable
 * ASCII range are percent-encoded (as a browser would), everything else — `%`, `..`, `;` — stays as is.
 */
export function wirePath(path: string): string {
  let out = '';
  for (const ch of path) {
    const c = ch.codePointAt(0)!;
    if (c > 0x20 && c < 0x7f && ch !== '#' && ch !== '"' && ch !== '<' && ch !== '>' && ch !== '\\' && ch !== '^' && ch !== '`')
      out += ch;
    else if (c >= 0xd800 && c <= 0xdfff) out += '%EF%BF%BD';
    else out += encodeURIComponent(ch).replace(/[!'()*]/g, (x) => `%${x.charCodeAt(0).toString(16).toUpperCase()}`);
  }
  return out;
}

/** A header value as raw bytes: UTF-8 sent byte for byte (node:http writes latin1 strings unchanged). */
export function wireHeader(value: string): string {
  // Control characters (other than tab) cannot go in a header at all; they become spaces.
  const printable = [...value].map((ch) => (ch === '\t' || (ch >= ' ' && ch !== '\u007f') ? ch : ' ')).join('');
  return Buffer.from(printable, 'utf8').toString('latin1');
}
