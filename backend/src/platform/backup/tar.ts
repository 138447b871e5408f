import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, isAbsolute, join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';

/**
 * A small POSIX tar (ustar, with pax headers for long names and large files), enough for a backup
 * archive: regular files only, streamed in and out, readable by any `tar`. No dependency.
 */

export interface TarFile {
  /** The path inside the archive, with `/`. */
  name: string;
  size: number;
  mtime: Date;
  /** The file on disk. */
  path: string;
}

const BLOCK = 512;
/** The largest size an ustar header's 11 octal digits hold; above it the size goes in a pax header. */
const USTAR_MAX_SIZE = 0o77777777777;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, mtime: Date, type: '0' | 'x'): Buffer {
  const h = Buffer.alloc(BLOCK);
  h.write(name.slice(0, 100), 0, 100, 'utf8');
  h.write(octal(0o644, 8), 100, 8, 'ascii');
  h.write(octal(0, 8), 108, 8, 'ascii');
  h.write(octal(0, 8), 116, 8, 'ascii');
  h.write(octal(Math.min(size, USTAR_MAX_SIZE), 12), 124, 12, 'ascii');
  h.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 12, 'ascii');
  h.write('        ', 148, 8, 'ascii');
  h.write(type, 156, 1, 'ascii');
  h.write('ustar\0', 257, 6, 'ascii');
  h.write('00', 263, 2, 'ascii');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8, 'ascii');
  return h;
}

function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let len = Buffer.byteLength(body) + 1;
  while (String(len).length + Buffer.byteLength(body) !== len) len = String(len).length + Buffer.byteLength(body);
  return `${len}${body}`;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** The archive of `files`, as a stream (each file read when its turn comes). */
export function tarStream(files: TarFile[]): Readable {
  async function* blocks(): AsyncGenerator<Buffer> {
    for (const f of files) {
      const long = Buffer.byteLength(f.name) > 100;
      if (long || f.size > USTAR_MAX_SIZE) {
        const pax = Buffer.from(
          (long ? paxRecord('path', f.name) : '') + (f.size > USTAR_MAX_SIZE ? paxRecord('size', String(f.size)) : ''),
        );
        yield header('PaxHeader', pax.length, f.mtime, 'x');
        yield pax;
        yield padding(pax.length);
      }
      yield header(f.name, f.size, f.mtime, '0');
      let written = 0;
      for await (const chunk of createReadStream(f.path)) {
        written += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
      if (written !== f.size)
        throw new Error(`${f.name} endret størrelse under sikkerhetskopieringen (${f.size} → ${written} byte)`);
      yield padding(f.size);
    }
    yield Buffer.alloc(BLOCK * 2);
  }
  return Readable.from(blocks(), { objectMode: false });
}

/** A name from the archive as a path under `dest`, or an error for one that would leave it. */
function safePath(dest: string, name: string): string {
  const clean = normalize(name);
  if (isAbsolute(clean) || clean === '..' || clean.startsWith(`..${sep}`) || name.includes('\0'))
    throw new Error(`Ugyldig filnavn i arkivet: ${JSON.stringify(name)}`);
  return join(dest, clean);
}

function parseOctal(buf: Buffer): number {
  const s = buf
    .toString('ascii')
    .replace(/[\0 ]+$/g, '')
    .trim();
  return s === '' ? 0 : parseInt(s, 8);
}

/** Unpacks a tar stream into `dest` (regular files and folders; anything else is refused). Answers the names. */
export async function extractTar(source: AsyncIterable<Buffer>, dest: string): Promise<string[]> {
  const names: string[] = [];
  let buf: Buffer = Buffer.alloc(0);
  let pax: Record<string, string> = {};
  let current: { out: ReturnType<typeof createWriteStream> | null; left: number; pad: number; paxData?: Buffer[] } | null = null;
  let ended = false;

  const write = async (out: ReturnType<typeof createWriteStream>, data: Buffer) => {
    if (!out.write(data)) await new Promise<void>((res) => out.once('drain', res));
  };

  for await (const chunk of source) {
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    for (;;) {
      if (current) {
        if (current.left > 0) {
          if (buf.length === 0) break;
          const take = Math.min(current.left, buf.length);
          const data = buf.subarray(0, take);
          if (current.paxData) current.paxData.push(Buffer.from(data));
          else if (current.out) await write(current.out, data);
          current.left -= take;
          buf = buf.subarray(take);
          if (current.left > 0) break;
        }
        if (buf.length < current.pad) break;
        buf = buf.subarray(current.pad);
        if (current.out) {
          current.out.end();
          await finished(current.out);
        }
        if (current.paxData) {
          pax = {};
          const text = Buffer.concat(current.paxData).toString('utf8');
          for (const m of text.matchAll(/^\d+ ([^=]+)=(.*)$/gm)) pax[m[1]] = m[2];
        }
        current = null;
      }
      if (ended || buf.length < BLOCK) break;
      const h = buf.subarray(0, BLOCK);
      buf = buf.subarray(BLOCK);
      if (h.every((b) => b === 0)) {
        ended = true;
        break;
      }
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i];
      if (sum !== parseOctal(h.subarray(148, 156))) throw new Error('Arkivet er skadet (feil kontrollsum i tar-hodet)');
      const type = String.fromCharCode(h[156] || 48);
      const prefix = h.subarray(345, 500).toString('utf8').replace(/\0.*$/s, '');
      const base = h.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
      const name = pax.path ?? (prefix ? `${prefix}/${base}` : base);
      const size = pax.size !== undefined ? Number(pax.size) : parseOctal(h.subarray(124, 136));
      const pad = (BLOCK - (size % BLOCK)) % BLOCK;
      if (type === 'x') {
        current = { out: null, left: size, pad, paxData: [] };
        continue;
      }
      pax = {};
      if (type === '5') {
        await mkdir(safePath(dest, name), { recursive: true });
        current = { out: null, left: size, pad };
        continue;
      }
      if (type !== '0')
        throw new Error(`Arkivet har en oppføring som ikke er en vanlig fil (${JSON.stringify(name)}, type ${type})`);
      const path = safePath(dest, name);
      await mkdir(dirname(path), { recursive: true });
      names.push(name);
      current = { out: createWriteStream(path), left: size, pad };
      if (size === 0) continue;
    }
  }
  if (current || !ended) throw new Error('Arkivet slutter for tidlig (avkortet fil)');
  return names;
}
