// npm run restore -- <archive> [--force]: restores a backup into an empty database and upload folder
// (docs/operations.md "Backups"). Stop the service first. Reads .env when present, like npm start.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { built, must, ROOT } from './lib.mjs';

if (existsSync(join(ROOT, '.env'))) process.loadEnvFile(join(ROOT, '.env'));
for (const ws of ['contracts', 'backend']) if (!built[ws]()) must('npm', ['run', 'build', '-w', ws]);
// npm runs scripts in the project folder: an archive named relative to where the command was typed is found there.
const args = process.argv.slice(2).map((a) => (a.startsWith('-') ? a : resolve(process.env.INIT_CWD ?? process.cwd(), a)));
const r = spawnSync(process.execPath, [join(ROOT, 'backend/dist/backup-cli.js'), 'restore', ...args], {
  stdio: 'inherit',
  cwd: ROOT,
});
process.exit(r.status ?? 1);
