import { Logger } from '@nestjs/common';
import { ConfigError, parseEnv } from './platform/config/env.schema';
import { createApp } from './bootstrap';
import { HealthService } from './platform/health/health.service';
import { AdminSeedService } from './identity/admin-seed.service';
import pino from 'pino';

async function main(): Promise<void> {
  let cfg;
  try {
    cfg = parseEnv(process.env);
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\nSe .env.example for alle variabler.\n`);
      process.exit(1);
    }
    throw e;
  }
  // Under `npm start` (an IPC channel to scripts/start.mjs, a person's terminal) the log lines are
  // written synchronously, so the banner it prints once the service listens comes after them.
  const app = await createApp(cfg, process.send ? { logDestination: pino.destination({ dest: 1, sync: true }) } : {});
  await app.listen({ port: cfg.port, host: cfg.host });
  const shutdown = async (signal: string) => {
    // In-flight requests finish. First the instance drains: health answers 503 (a load balancer stops
    // sending) while everything already on its way (connections waiting to be accepted, requests not
    // yet read) is still served. Then the server stops accepting, open requests finish, and Nest
    // closes the modules and the pool.
    const timer = setTimeout(() => process.exit(1), 25_000 + cfg.shutdownDrainMs);
    timer.unref();
    try {
      app.get(HealthService).draining = true;
      await new Promise((r) => setTimeout(r, cfg.shutdownDrainMs));
      await app.close();
      process.stdout.write(`${JSON.stringify({ level: 30, msg: `Stopped after ${signal}` })}\n`);
      process.exit(0);
    } catch {
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  new Logger('Main').log(`Listening on ${cfg.publicUrl} (port ${cfg.port}, database ${cfg.dialect})`);
  // Started by `npm start` (scripts/start.mjs, with an IPC channel): it prints a banner for a person
  // after the logs. Elsewhere (Docker, tests) there is no channel and nothing is sent.
  process.send?.({
    type: 'academy:ready',
    siteName: cfg.siteName,
    siteUrl: `${cfg.publicUrl}/`,
    adminUrl: `${cfg.publicUrl}/admin`,
    firstAdmin: app.get(AdminSeedService).seeded,
  });
}

main().catch((e) => {
  process.stderr.write(`Start-up failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
