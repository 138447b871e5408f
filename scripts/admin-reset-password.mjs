// npm run admin:reset-password [-- <email>]: a new generated password for an administrator (the
// given address, else ADMIN_EMAIL, else the only administrator), printed once; its sessions end.
// Reads .env when present, like npm start.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { built, must, ROOT } from './lib.mjs';

if (existsSync(join(ROOT, '.env'))) process.loadEnvFile(join(ROOT, '.env'));
for (const ws of ['contracts', 'backend']) if (!built[ws]()) must('npm', ['run', 'build', '-w', ws]);
const r = spawnSync(process.execPath, [join(ROOT, 'backend/dist/admin-password.js'), ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: ROOT,
});
process.exit(r.status ?? 1);
