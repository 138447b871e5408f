// npm run vipps:register-webhook [-- <url>]: registers the site's Vipps webhook (https://<PUBLIC_URL>/api/vipps/webhook
// unless another address is given) and prints the secret for VIPPS_WEBHOOK_SECRET. Reads .env when present, like npm start.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { built, must, ROOT } from './lib.mjs';

if (existsSync(join(ROOT, '.env'))) process.loadEnvFile(join(ROOT, '.env'));
for (const ws of ['contracts', 'backend']) if (!built[ws]()) must('npm', ['run', 'build', '-w', ws]);
const r = spawnSync(process.execPath, [join(ROOT, 'backend/dist/vipps-register-webhook.js'), ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: ROOT,
});
process.exit(r.status ?? 1);
