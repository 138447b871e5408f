// The doctor (docs/operations.md "Doctor"): every check of the site and its integrations, once.
//   npm run doctor [-- --json]                                   (reads .env, as npm start)
//   docker compose run --rm app node backend/dist/doctor.js [--json]
// Exit codes: 0 nothing is an error (warnings and "off" included), 1 an error (or a configuration the
// service would refuse), 2 wrong use. Secrets are never printed, only their last 4 characters.
import 'reflect-metadata';
import { hostname } from 'node:os';
import type { StatusReport } from '@academy/contracts';
import { DataSource } from 'typeorm';
import type { DnsLookup } from './doctor/check';
import { doctorContext } from './doctor/context';
import { formatChecks, runChecks } from './doctor/run-checks';
import { OutboxMetrics } from './outbox/outbox-metrics';
import { ConfigError, parseEnv, type AppConfig, type Env } from './platform/config/env.schema';
import { buildDataSourceOptions } from './platform/database/data-source-options';
import { SystemClock } from './platform/time/clock';

export interface DoctorDeps {
  /** The database to check (default: DATABASE_URL's, opened and closed here). */
  ds?: DataSource;
  dns?: DnsLookup;
  fetch?: typeof fetch;
  now?: () => Date;
  disk?: { warnBelow: number; errorBelow: number };
  write?: (text: string) => void;
}

/** Runs the checks; answers the exit code. */
export async function doctor(argv: string[], env: Env, deps: DoctorDeps = {}): Promise<number> {
  const write = deps.write ?? ((t: string) => void process.stdout.write(t));
  const unknown = argv.filter((a) => a !== '--json');
  if (unknown.length) {
    write(`Ukjent valg: ${unknown.join(' ')}\nBruk: npm run doctor [-- --json]\n`);
    return 2;
  }
  const json = argv.includes('--json');
  let cfg: AppConfig;
  try {
    cfg = parseEnv(env);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    write(json ? JSON.stringify({ error: e.message }) + '\n' : `✗ ${e.message}\n`);
    return 1;
  }
  const own = !deps.ds;
  const ds = deps.ds ?? new DataSource(buildDataSourceOptions({ databaseUrl: cfg.databaseUrl, poolSize: 2 }));
  try {
    if (!ds.isInitialized) await ds.initialize();
    const clock = new SystemClock();
    const ctx = doctorContext({
      cfg,
      ds,
      outboxStats: () => new OutboxMetrics(ds, clock).queueStats(),
      webhookFailuresSince: null,
      instance: null,
      dns: deps.dns,
      fetch: deps.fetch,
      now: deps.now,
      disk: deps.disk,
    });
    const checks = await runChecks(ctx);
    const report: StatusReport = { ranAt: ctx.now().toISOString(), instance: `doctor@${hostname()}`, checks };
    write(json ? JSON.stringify(report, null, 2) + '\n' : formatChecks(checks));
    return checks.some((c) => c.status === 'error') ? 1 : 0;
  } catch (e) {
    const message = `Fikk ikke kontakt med databasen (${(e as Error).message}): sjekk DATABASE_URL.`;
    write(json ? JSON.stringify({ error: message }) + '\n' : `✗ ${message}\n`);
    return 1;
  } finally {
    if (own && ds.isInitialized) await ds.destroy();
  }
}

if (require.main === module) {
  doctor(process.argv.slice(2), process.env).then(
    (code) => process.exit(code),
    (e: unknown) => {
      process.stderr.write(`✗ ${(e as Error).stack ?? String(e)}\n`);
      process.exit(1);
    },
  );
}
