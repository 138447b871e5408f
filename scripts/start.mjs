// npm start: builds what is missing, then starts the service (migrations and seed run at start).
// Reads .env when present. Default database: the embedded SQLite file data/app.sqlite.
// Once the service listens it says so over an IPC channel, and this prints a plain banner after the
// logs: the site, the admin panel, and the first administrator's login when this start made it.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildMissing, ROOT } from './lib.mjs';
import { banner } from './start-banner.mjs';
import { NODE_ENV_VARS, NODE_FLAGS } from './node-flags.mjs';

if (existsSync(join(ROOT, '.env'))) process.loadEnvFile(join(ROOT, '.env'));
buildMissing();
const child = spawn(process.execPath, [...NODE_FLAGS, '--enable-source-maps', join(ROOT, 'backend/dist/main.js')], {
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  cwd: ROOT,
  env: { ...NODE_ENV_VARS, ...process.env },
});
child.on('message', (msg) => {
  if (msg && msg.type === 'academy:ready') process.stdout.write(banner(msg));
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
