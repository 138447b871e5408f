#!/usr/bin/env node
/**
 * Writes `.br` (Brotli quality 11) and `.gz` (gzip level 9) siblings for every compressible file larger
 * than 1 KiB in a folder, so the server can send them as they are.
 *
 *   node scripts/precompress.mjs frontend/dist/client
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.cjs',
  '.css',
  '.json',
  '.svg',
  '.txt',
  '.xml',
  '.webmanifest',
  '.map',
  '.ico',
]);
const MIN_BYTES = 1024;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(p);
    else if (entry.isFile()) yield p;
  }
}

async function main() {
  const dir = process.argv[2];
  if (!dir) {
    console.error('Usage: node scripts/precompress.mjs <folder>');
    process.exit(2);
  }
  try {
    if (!(await stat(dir)).isDirectory()) throw new Error('not a folder');
  } catch (e) {
    console.error(`Folder not found: ${dir}: ${e instanceof Error ? e.message : e}`);
    process.exit(2);
  }
  let files = 0;
  let before = 0;
  let afterBr = 0;
  const jobs = [];
  for await (const file of walk(dir)) {
    if (file.endsWith('.br') || file.endsWith('.gz')) continue;
    if (!COMPRESSIBLE.has(extname(file).toLowerCase())) continue;
    jobs.push(
      (async () => {
        const body = await readFile(file);
        if (body.length <= MIN_BYTES) return;
        const [br, gzipped] = await Promise.all([
          brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
          gz(body, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
        files++;
        before += body.length;
        afterBr += br.length;
      })().catch((e) => {
        throw new Error(`${relative(dir, file)}: ${e instanceof Error ? e.message : e}`);
      }),
    );
  }
  await Promise.all(jobs);
  const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(`precompress: ${files} files, ${kb(before)} → ${kb(afterBr)} (br)`);
}

main().catch((e) => {
  console.error(`precompress failed: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});
