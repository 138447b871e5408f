// `npm run admin:reset-password [-- <email>]`: a new generated password for an administrator, printed
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
        `  New password for the administrator ${email}:`,
        '',
        `    ${password}`,
        '',
        `  Sign in at ${cfg.publicUrl}/admin. The account's sessions have ended; two-factor sign-in is unchanged.`,
        '',
        '',
      ].join('\n'),
    );
  } finally {
    await ds.destroy();
  }
}

main().catch((e: unknown) => {
  // A configuration problem is the operator's Norwegian message, as at start-up.
  if (e instanceof ConfigError) process.stderr.write(`${e.message}\n`);
  else process.stderr.write(`Could not make a new password: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
