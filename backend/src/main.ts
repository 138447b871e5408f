import { ConfigError, parseEnv } from './config/env.schema';
import { createApp } from './bootstrap';

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
  const app = await createApp(cfg);
  await app.listen({ port: cfg.port, host: cfg.host });
  const shutdown = async (signal: string) => {
    // In-flight requests finish: the server stops accepting, then Nest closes modules and the pool.
    const timer = setTimeout(() => process.exit(1), 25_000);
    timer.unref();
    try {
      await app.close();
      process.stdout.write(`${JSON.stringify({ level: 30, msg: `Stoppet etter ${signal}` })}\n`);
      process.exit(0);
    } catch {
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  app
    .get(await import('nestjs-pino').then((m) => m.Logger))
    .log(`Lytter på ${cfg.publicUrl} (port ${cfg.port}, database ${cfg.dialect})`);
}

main().catch((e) => {
  process.stderr.write(`Oppstart feilet: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
