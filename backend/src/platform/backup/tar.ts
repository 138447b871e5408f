import { createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { Parser, WriteEntry, type ReadEntry } from 'tar';

/**
 * The backup archive's tar, by node-tar (npm's own): POSIX tar with pax headers for long names and
 * large files, regular files only, streamed in and out, readable by any `tar`. What this file adds is
 * the guard on the way in: every entry must be a regular file or a folder under the target, so a
 * hostile archive (`../`, an absolute path, a link, a pax path that leaves) is refused, not unpacked.
 */

export interface TarFile {
  /** The path inside the archive, with `/`. */
  name: string;
  /** The file on disk. */
  path: string;
}

/** The end of an archive: two zero blocks. */
const END_OF_ARCHIVE = Buffer.alloc(1024);

/** The archive of `files`, as a stream (each file read when its turn comes). */
export function tarStream(files: TarFile[]): Readable {
  async function* blocks(): AsyncGenerator<Buffer> {
    for (const f of files) {
      // A link cache of its own per entry: a file with several hard links is stored as a file, never as a link.
      // The time as a Date of this realm (node-tar's pax header checks `instanceof Date`; fs's Dates differ under jest).
      const mtime = new Date((await stat(f.path)).mtimeMs);
      const entry = new WriteEntry(f.name, { absolute: f.path, portable: true, linkCache: new Map(), mtime });
      // The header holds the size at the start; a file that grew or shrank meanwhile is not backed up half.
      const changedSize = async (): Promise<Error | null> => {
        const before = entry.stat?.size;
        const after = (await stat(f.path).catch(() => null))?.size;
        if (before === undefined || after === undefined || after === before) return null;
        return new Error(`${f.name} endret størrelse under sikkerhetskopieringen (${before} → ${after} byte)`);
      };
      try {
        for await (const chunk of entry) {
          if (entry.type !== 'File') throw new Error(`${f.name} er ikke en vanlig fil`);
          yield chunk as Buffer;
        }
      } catch (e) {
        throw (await changedSize()) ?? e;
      }
      const changed = await changedSize();
      if (changed) throw changed;
    }
    yield END_OF_ARCHIVE;
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

function notRegular(entry: ReadEntry): Error {
  return new Error(
    `Arkivet har en oppføring som ikke er en vanlig fil (${JSON.stringify(entry.path)}, type ${entry.header.typeKey})`,
  );
}

/** node-tar's errors in the words restore has always used. */
function archiveError(e: Error & { tarCode?: string }): Error {
  if (/checksum/i.test(e.message)) return new Error('Arkivet er skadet (feil kontrollsum i tar-hodet)');
  if (/truncated|unrecognized archive/i.test(e.message)) return new Error('Arkivet slutter for tidlig (avkortet fil)');
  return new Error(`Arkivet er skadet (${e.message})`);
}

/** Unpacks a tar stream into `dest` (regular files and folders; anything else is refused). Answers the names. */
export async function extractTar(source: AsyncIterable<Buffer>, dest: string): Promise<string[]> {
  let failure: Error | undefined;
  let ended = false;
  let wake = (): void => undefined;
  const fail = (e: Error) => {
    failure ??= e;
    wake();
  };
  const waitFor = (start: (done: () => void) => void) =>
    new Promise<void>((res) => {
      wake = res;
      start(res);
    });
  const jobs: Array<Promise<string | null>> = [];
  let current: ReadEntry | undefined;
  const stop = new AbortController();
  // Strict: what node-tar would warn about and skip (a bad checksum, a cut-off entry) stops the restore.
  const parser = new Parser({ strict: true });
  parser.on('error', (e: Error) => fail(archiveError(e)));
  // What node-tar does not unpack at all (devices, unknown types, oversized pax headers) is refused too.
  parser.on('ignoredEntry', (entry: ReadEntry) => fail(notRegular(entry)));
  parser.on('eof', () => (ended = true));
  parser.on('entry', (entry: ReadEntry) => {
    if (stop.signal.aborted) return void entry.destroy();
    current = entry;
    const job = unpack(entry, dest, stop.signal);
    job.catch(fail);
    jobs.push(job);
  });

  try {
    for await (const chunk of source) {
      if (failure) break;
      if (!parser.write(chunk) && !failure) await waitFor((done) => parser.once('drain', done));
    }
    if (!failure) await waitFor((done) => parser.end(done));
  } finally {
    // Stopped early (a refused entry, a bad archive, a failing source): the file being written is closed as it is.
    if (failure || !ended) {
      stop.abort();
      current?.destroy();
    }
    await Promise.allSettled(jobs);
  }
  if (failure) throw failure;
  if (!ended) throw new Error('Arkivet slutter for tidlig (avkortet fil)');
  return (await Promise.all(jobs)).filter((n): n is string => n !== null);
}

/** One entry: a folder is made, a regular file written; anything else (links above all) is refused. */
async function unpack(entry: ReadEntry, dest: string, stopped: AbortSignal): Promise<string | null> {
  // The name as the archive gives it: the pax (or GNU long) path when there is one, else the header's.
  const name = entry.path;
  if (entry.type === 'Directory') {
    await mkdir(safePath(dest, name), { recursive: true });
    entry.resume();
    return null;
  }
  if (entry.type !== 'File' && entry.type !== 'OldFile') throw notRegular(entry);
  const path = safePath(dest, name);
  await mkdir(dirname(path), { recursive: true });
  // The restore stopped meanwhile (and destroyed this entry): nothing more to read.
  if (stopped.aborted) return null;
  const out = createWriteStream(path);
  try {
    // A destroyed entry (the restore stopped) ends this loop early; the file is closed either way.
    for await (const chunk of entry) if (!out.write(chunk)) await new Promise<void>((res) => out.once('drain', () => res()));
  } finally {
    out.end();
    await finished(out);
  }
  return name;
}
