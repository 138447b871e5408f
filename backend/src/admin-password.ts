// `npm run admin:reset-password [-- <e-post>]`: a new generated password for an administrator, printed
// once. For the first administrator whose generated password was lost. Reads the same environment as
// the service (.env for npm scripts); the service may be running.
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { resetAdminPassword } from './identity/admin.seed';
import { CalendarFeed } from './live/entities/calendar-feed.entity';
import { ConfigError, parseEnv } from './platform/config/env.schema';
import { buildDataSourceOptions } from './platform/database/data-source-options';

async function main(): Promise<void> {
  const cfg = parseEnv(process.env);
  const requested = process.argv[2]?.trim() || null;
  const ds = new DataSource(buildDataSourceOptions({ databaseUrl: cfg.databaseUrl, poolSize: 1 }));
  await ds.initialize();
  try {
    const { userId, email, password } = await resetAdminPassword(ds, cfg, requested);
    // A password change gives the calendar feed a new secret address, as in the service.
    await ds.getRepository(CalendarFeed).delete({ userId });
    process.stdout.write(
      [
        '',
        `  Nytt passord for administratoren ${email}:`,
        '',
        `    ${password}`,
        '',
        `  Logg inn på ${cfg.publicUrl}/admin. Kontoens innlogginger er avsluttet; tofaktorinnlogging er uendret.`,
        '',
        '',
      ].join('\n'),
    );
  } finally {
    await ds.destroy();
  }
}

main().catch((e: unknown) => {
  const message = e instanceof ConfigError || e instanceof Error ? e.message : String(e);
  process.stderr.write(`Kunne ikke lage nytt passord: ${message}\n`);
  process.exit(1);
});
