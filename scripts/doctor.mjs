// npm run doctor [-- --json]: every check of the site and its integrations (docs/operations.md "Doctor").
// Reads .env when present, like npm start; builds the backend first when it has no build yet.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { built, must, ROOT } from './lib.mjs';

if (existsSync(join(ROOT, '.env'))) process.loadEnvFile(join(ROOT, '.env'));
for (const ws of ['contracts', 'backend']) if (!built[ws]()) must('npm', ['run', 'build', '-w', ws]);
const r = spawnSync(process.execPath, [join(ROOT, 'backend/dist/doctor.js'), ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: ROOT,
});
process.exit(r.status ?? 1);
