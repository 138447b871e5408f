import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zc, gzip, gzipSync } from 'node:zlib';

export interface StaticFile {
  body: Buffer;
  br?: Buffer;
  gz?: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.xml', '.webmanifest', '.map']);

export function contentType(path: string): string {
  return TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

export function etagOf(buf: Buffer | string): string {
  return `"${createHash('sha1').update(buf).digest('base64url').slice(0, 27)}"`;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses text for the wire in libuv's thread pool, so the event loop keeps answering meanwhile:
 * for the pages rendered again when the catalogue changes (a sale, a new student) and the app shells
 * made per answer. Brotli at quality 11 took about 40 ms a page on the event loop, and the 17 pages
 * held every request for 0.76 s after each sale (bench/scale-results.md). `quality` 11 for what is
 * kept and served many times, lower for one answer.
 */
export async function compressVariantsAsync(body: Buffer, quality = 11): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gz] = await Promise.all([
    brotliAsync(body, { params: { [zc.BROTLI_PARAM_QUALITY]: quality, [zc.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipAsync(body, { level: quality >= 9 ? 9 : 6 }),
  ]);
  return { br, gz };
}

/** Compresses text for the wire, once (the built files, at start). */
export function compressVariants(body: Buffer): { br: Buffer; gz: Buffer } {
  return {
    br: brotliCompressSync(body, { params: { [zc.BROTLI_PARAM_QUALITY]: 11, [zc.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gz: gzipSync(body, { level: 9 }),
  };
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

/**
 * Loads a built folder into memory. Files under assets/ carry a content hash in their names
 * and are cached for a year; precompressed `.br`/`.gz` siblings from the build are used when present.
 */
export function loadStaticDir(
  dir: string,
  urlPrefix: string,
  skip: (rel: string) => boolean = () => false,
): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!existsSync(dir)) return files;
  const all = walk(dir);
  const set = new Set(all);
  for (const file of all) {
    if (file.endsWith('.br') || file.endsWith('.gz')) continue;
    const rel = relative(dir, file).split(sep).join('/');
    if (skip(rel)) continue;
    const body = readFileSync(file);
    const ext = extname(file).toLowerCase();
    const hashed = rel.startsWith('assets/');
    const f: StaticFile = {
      body,
      type: contentType(file),
      etag: etagOf(body),
      cacheControl: hashed ? 'public, max-age=31536000, immutable' : ext === '.html' ? 'no-cache' : 'public, max-age=3600',
    };
    if (COMPRESSIBLE.has(ext) && body.length > 1024) {
      if (set.has(file + '.br')) f.br = readFileSync(file + '.br');
      if (set.has(file + '.gz')) f.gz = readFileSync(file + '.gz');
      if (!f.br && !f.gz) Object.assign(f, compressVariants(body));
    }
    files.set(urlPrefix + rel, f);
  }
  return files;
}
