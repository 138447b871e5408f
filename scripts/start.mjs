// npm start: builds what is missing, then starts the service (migrations and seed run at start).
// Reads .env when present. Default database: the embedded SQLite file data/app.sqlite.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildMissing, ROOT } from './lib.mjs';
import { NODE_FLAGS } from './node-flags.mjs';

if (existsSync(join(ROOT, '.env'))) process.loadEnvFile(join(ROOT, '.env'));
buildMissing();
const child = spawn(process.execPath, [...NODE_FLAGS, '--enable-source-maps', join(ROOT, 'backend/dist/main.js')], {
  stdio: 'inherit',
  cwd: ROOT,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
