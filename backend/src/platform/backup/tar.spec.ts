import { execFileSync } from 'node:child_process';
import { createWriteStream, linkSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { gunzipSync } from 'node:zlib';
import { extractTar, tarStream, type TarFile } from './tar';

/**
 * A ustar header written by hand: no well-behaved writer makes the hostile entries restore must refuse.
 * `type`: 0 file, 1 hard link, 2 symlink, 3 character device, 5 folder, x pax header, L GNU long name.
 */
function header(name: string, size: number, type: string, linkpath = ''): Buffer {
  const h = Buffer.alloc(512);
  const octal = (value: number, width: number) => value.toString(8).padStart(width - 1, '0') + '\0';
  h.write(name, 0, 100, 'utf8');
  h.write(octal(0o644, 8), 100);
  h.write(octal(0, 8), 108);
  h.write(octal(0, 8), 116);
  h.write(octal(size, 12), 124);
  h.write(octal(1_700_000_000, 12), 136);
  h.write('        ', 148);
  h.write(type, 156);
  h.write(linkpath, 157, 100, 'utf8');
  h.write('ustar\0', 257);
  h.write('00', 263);
  let sum = 0;
  for (const b of h) sum += b;
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148);
  return h;
}
const body = (data: Buffer) => Buffer.concat([data, Buffer.alloc((512 - (data.length % 512)) % 512)]);
const entry = (name: string, data = Buffer.from('innhold'), type = '0', linkpath = '') =>
  Buffer.concat([
    header(name, type === '0' || type === 'x' || type === 'L' ? data.length : 0, type, linkpath),
    ...(type === '0' || type === 'x' || type === 'L' ? [body(data)] : []),
  ]);
const paxRecord = (key: string, value: string) => {
  const rest = ` ${key}=${value}\n`;
  let len = Buffer.byteLength(rest) + 1;
  while (String(len).length + Buffer.byteLength(rest) !== len) len = String(len).length + Buffer.byteLength(rest);
  return `${len}${rest}`;
};
const archive = (...entries: Buffer[]) => Buffer.concat([...entries, Buffer.alloc(1024)]);
/** The archive in uneven chunks, as a decompressing stream hands it over. */
async function* chunks(buf: Buffer, size = 700): AsyncGenerator<Buffer> {
  for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
}

describe('backup tar', () => {
  let root: string;
  let dest: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'ta-tar-'));
    dest = join(root, 'ut');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  /** What exists beside the target: nothing may be written outside it. */
  const besideTarget = () => readdirSync(root).filter((n) => n !== 'ut' && n !== 'inn');

  it('writes regular files (long and non-ASCII names, binary, empty, hard-linked) that any tar and restore read back', async () => {
    const src = join(root, 'inn');
    execFileSync('mkdir', ['-p', src]);
    const long = `uploads/mentor/7/${'et-langt-filnavn-'.repeat(8)}æøå.png`;
    const data: Record<string, Buffer> = {
      'manifest.json': Buffer.from('{"format":"trading-academy-backup"}\n'),
      'database.sqlite': Buffer.from(Array.from({ length: 70_000 }, (_v, i) => (i * 37) % 256)),
      [long]: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 255]),
      'uploads/tom.txt': Buffer.alloc(0),
      'uploads/lenke.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 255]),
    };
    const files: TarFile[] = Object.entries(data).map(([name, bytes], i) => {
      const path = join(src, `f${i}`);
      if (name === 'uploads/lenke.png') linkSync(join(src, 'f2'), path);
      else writeFileSync(path, bytes);
      return { name, path };
    });
    const tarFile = join(root, 'a.tar');
    await pipeline(tarStream(files), createWriteStream(tarFile));

    expect(execFileSync('tar', ['tf', tarFile], { encoding: 'utf8' }).trim().split('\n')).toEqual(Object.keys(data));
    expect(execFileSync('tar', ['tvf', tarFile], { encoding: 'utf8' })).not.toMatch(/link to/);
    expect(await extractTar(chunks(readFileSync(tarFile)), dest)).toEqual(Object.keys(data));
    for (const [name, bytes] of Object.entries(data)) expect([name, readFileSync(join(dest, name))]).toEqual([name, bytes]);
  });

  it('restores an archive written by the earlier hand-written tar (ustar, pax path for long names)', async () => {
    const legacy = gunzipSync(readFileSync(join(__dirname, 'fixtures', 'legacy-backup.tar.gz')));
    const long = `uploads/mentor/7/${'et-langt-filnavn-'.repeat(8)}æøå.png`;
    expect(await extractTar(chunks(legacy, 333), dest)).toEqual([
      'manifest.json',
      'database.sqlite',
      'uploads/mentor/7/diagram.png',
      long,
      'uploads/tom.txt',
    ]);
    expect(JSON.parse(readFileSync(join(dest, 'manifest.json'), 'utf8'))).toMatchObject({ format: 'trading-academy-backup' });
    expect(readFileSync(join(dest, 'database.sqlite'))).toEqual(
      Buffer.from(Array.from({ length: 1500 }, (_v, i) => (i * 37) % 256)),
    );
    expect(readFileSync(join(dest, 'uploads/mentor/7/diagram.png'))).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255, 254]),
    );
    expect(readFileSync(join(dest, long), 'utf8')).toBe('lang');
    expect(readFileSync(join(dest, 'uploads/tom.txt'))).toEqual(Buffer.alloc(0));
  });

  const good = entry('manifest.json', Buffer.from('{}'));
  it.each([
    ['a ../ path', archive(good, entry('../ute.txt')), /^Ugyldig filnavn i arkivet: "\.\.\/ute\.txt"$/],
    ['a ../ path inside a folder', archive(entry('uploads/../../ute.txt')), /^Ugyldig filnavn i arkivet: /],
    ['a bare ..', archive(entry('..', Buffer.alloc(0), '5')), /^Ugyldig filnavn i arkivet: "\.\."$/],
    ['a ../ folder', archive(entry('../mappe/', Buffer.alloc(0), '5')), /^Ugyldig filnavn i arkivet: /],
    ['an absolute path', archive(entry('/tmp/ute.txt')), /^Ugyldig filnavn i arkivet: "\/tmp\/ute\.txt"$/],
    [
      'a symlink',
      archive(good, entry('uploads/lenke', undefined, '2', '/etc/passwd')),
      /ikke er en vanlig fil \("uploads\/lenke", type 2\)/,
    ],
    [
      'a symlink out, then a file through it',
      archive(entry('uploads', undefined, '2', '..'), entry('uploads/ute.txt')),
      /ikke er en vanlig fil .*type 2/,
    ],
    ['a hard link', archive(good, entry('kopi', undefined, '1', 'manifest.json')), /ikke er en vanlig fil \("kopi", type 1\)/],
    ['a character device', archive(entry('dev', undefined, '3')), /ikke er en vanlig fil \("dev", type 3\)/],
    [
      'a pax path header that leaves',
      archive(entry('PaxHeader', Buffer.from(paxRecord('path', '../../ute.txt')), 'x'), entry('uskyldig.txt')),
      /^Ugyldig filnavn i arkivet: "\.\.\/\.\.\/ute\.txt"$/,
    ],
    [
      'an absolute pax path',
      archive(entry('PaxHeader', Buffer.from(paxRecord('path', '/tmp/ute.txt')), 'x'), entry('uskyldig.txt')),
      /^Ugyldig filnavn i arkivet: "\/tmp\/ute\.txt"$/,
    ],
    [
      'a GNU long name that leaves',
      archive(entry('././@LongLink', Buffer.from('../ute.txt\0'), 'L'), entry('uskyldig.txt')),
      /^Ugyldig filnavn i arkivet: /,
    ],
  ])('refuses %s, and writes nothing outside the target', async (_what, tar, message) => {
    await expect(extractTar(chunks(tar), dest)).rejects.toThrow(message);
    expect(besideTarget()).toEqual([]);
  });

  it('refuses a damaged header, a cut-off file and a missing end', async () => {
    const damaged = archive(good, entry('b.txt'));
    damaged[512 * 2 + 10] ^= 1;
    await expect(extractTar(chunks(damaged), dest)).rejects.toThrow(/^Arkivet er skadet \(feil kontrollsum i tar-hodet\)$/);
    const full = archive(good, entry('b.txt', Buffer.alloc(5000, 1)));
    await expect(extractTar(chunks(full.subarray(0, 512 * 4)), dest)).rejects.toThrow(/^Arkivet slutter for tidlig/);
    await expect(extractTar(chunks(full.subarray(0, full.length - 1024)), dest)).rejects.toThrow(/^Arkivet slutter for tidlig/);
    await expect(extractTar(chunks(Buffer.alloc(0)), dest)).rejects.toThrow(/^Arkivet slutter for tidlig/);
    await expect(extractTar(chunks(Buffer.from('ikke et arkiv'.repeat(100))), dest)).rejects.toThrow(/^Arkivet er skadet/);
  });

  it('passes on a failing source (a wrong key, a broken gzip) and leaves no file open', async () => {
    async function* failing(): AsyncGenerator<Buffer> {
      yield archive(good, entry('b.txt', Buffer.alloc(5000, 1))).subarray(0, 512 * 3);
      throw new Error('feil BACKUP_PASSPHRASE');
    }
    await expect(extractTar(failing(), dest)).rejects.toThrow('feil BACKUP_PASSPHRASE');
  });

  it('reads a source that is a stream', async () => {
    expect(await extractTar(Readable.from(chunks(archive(good))), dest)).toEqual(['manifest.json']);
  });
});
