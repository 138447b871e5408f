import type { IncomingHttpHeaders } from 'node:http';
import type { FastAnswer } from '../platform/http/fast-routes';
import type { StaticFile } from './static-files';

interface Answers {
  identity: FastAnswer;
  br?: FastAnswer;
  gz?: FastAnswer;
  notModified: FastAnswer;
}

/** Built once per file and status: the answers differ only in the encoding of the body. */
const cache = new WeakMap<StaticFile, Map<number, Answers>>();

function answersFor(f: StaticFile, status: number): Answers {
  let byStatus = cache.get(f);
  if (!byStatus) cache.set(f, (byStatus = new Map()));
  let a = byStatus.get(status);
  if (a) return a;
  const common = ['cache-control', f.cacheControl, 'etag', f.etag, 'vary', 'Accept-Encoding', 'content-type', f.type];
  const variant = (body: Buffer, encoding?: string): FastAnswer => ({
    status,
    headers: [...common, ...(encoding ? ['content-encoding', encoding] : []), 'content-length', String(body.length)],
    body,
  });
  a = {
    identity: variant(f.body),
    br: f.br && variant(f.br, 'br'),
    gz: f.gz && variant(f.gz, 'gzip'),
    notModified: { status: 304, headers: common },
  };
  byStatus.set(status, a);
  return a;
}

/**
 * How a file from memory is answered, by the route's handler and by the front door alike: 304 to the
 * ETag it already has (for a 200), else brotli or gzip when the browser takes them, else as it is.
 */
export function fileAnswer(f: StaticFile, status: number, headers: IncomingHttpHeaders): FastAnswer {
  const a = answersFor(f, status);
  if (status === 200 && headers['if-none-match'] === f.etag) return a.notModified;
  const ae = headers['accept-encoding'];
  if (ae !== undefined) {
    if (a.br && /\bbr\b/.test(ae)) return a.br;
    if (a.gz && /\bgzip\b/.test(ae)) return a.gz;
  }
  return a.identity;
}
