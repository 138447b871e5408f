// npm run lint: ESLint on the whole repository and Prettier's check, side by side (two processes, two
// cores; ESLint is the long one: its typed rules build the TypeScript programs, its import rules
// resolve every import). Each one's output is printed whole when it ends, with its seconds; the exit
// code is non-zero when either fails. Arguments go to ESLint (`npm run lint -- --fix`).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './lib.mjs';

const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
const extra = process.argv.slice(2);
const jobs = [
  ['eslint .', bin('eslint'), ['.', ...extra]],
  ['prettier --check .', bin('prettier'), ['--check', '.']],
];

const results = await Promise.all(
  jobs.map(
    ([name, cmd, args]) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn(cmd, args, { cwd: ROOT, env: process.env });
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (out += d));
        child.on('error', (e) => (out += `${e.message}\n`));
        child.on('close', (code) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(0);
          process.stdout.write(`── ${name}: ${code === 0 ? 'ok' : `exit ${code}`}, ${seconds} s ──\n${out}`);
          resolve(code ?? 1);
        });
      }),
  ),
);
process.exit(results.every((c) => c === 0) ? 0 : 1);
