import { statfs } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { check, isProduction, reason, type Check, type DoctorContext } from './check';

/** The clock may differ this much from a provider's before webhook signatures start to fail. */
export const MAX_CLOCK_SKEW_MS = 5_000;

/** PUBLIC_URL is https in production and reaches this app (its /api/health, with an instance id). */
export async function publicUrlCheck(ctx: DoctorContext): Promise<Check> {
  const url = ctx.cfg.publicUrl;
  if (isProduction(ctx) && !url.startsWith('https://'))
    return check(
      'site',
      'public-url',
      'error',
      `PUBLIC_URL er ${url}: sett den til https://<DOMAIN> (Caddy lager sertifikatet).`,
    );
  const soft = isProduction(ctx) ? 'error' : 'warning';
  try {
    const res = await ctx.fetch(`${url}/api/health`, { signal: AbortSignal.timeout(ctx.timeoutMs), redirect: 'manual' });
    const body = (await res.json().catch(() => null)) as { status?: string; instance?: string } | null;
    if (!body?.instance)
      return check(
        'site',
        'public-url',
        'error',
        `${url}/api/health svarte HTTP ${res.status} uten instans-id, altså ikke denne appen: pek DNS for domenet til serveren.`,
      );
    if (res.status !== 200 || body.status !== 'ok')
      return check(
        'site',
        'public-url',
        'error',
        `${url} når appen (instans ${body.instance}), men den melder «${body.status}»: se docker compose logs app.`,
      );
    const who = ctx.instance === null ? '' : body.instance === ctx.instance ? ' (denne instansen)' : ' (en annen instans)';
    return check('site', 'public-url', 'ok', `${url} når appen: instans ${body.instance}${who} svarte.`);
  } catch (e) {
    return check(
      'site',
      'public-url',
      soft,
      `Kom ikke fram til ${url}/api/health (${reason(e)}): sjekk DNS for domenet, at Caddy kjører og at port 443 er åpen.`,
    );
  }
}

export async function migrationsCheck(ctx: DoctorContext): Promise<Check> {
  try {
    const pending = await ctx.ds.showMigrations();
    return pending
      ? check('site', 'migrations', 'error', 'Databasen mangler migrasjoner: start appen på nytt (den kjører dem ved start).')
      : check('site', 'migrations', 'ok', 'Databasen har alle migrasjonene.');
  } catch (e) {
    return check('site', 'migrations', 'error', `Fikk ikke lest migrasjonene fra databasen (${reason(e)}): sjekk DATABASE_URL.`);
  }
}

/** Against the Date headers the providers answered with (run after their checks). */
export function clockCheck(ctx: DoctorContext): Check {
  const seen = ctx.providerDates[ctx.providerDates.length - 1];
  if (!seen) return check('site', 'clock', 'off', 'Ingen leverandør er satt opp å sammenligne klokka med.');
  // A Date header has whole seconds: up to 1 s of the difference is rounding.
  const skew = ctx.now().getTime() - seen.date.getTime();
  if (Math.abs(skew) > MAX_CLOCK_SKEW_MS + 1000)
    return check(
      'site',
      'clock',
      'error',
      `Klokka går ${Math.round(Math.abs(skew) / 1000)} s ${skew > 0 ? 'foran' : 'etter'} ${seen.provider} sin: slå på tidssynkronisering (NTP, timedatectl set-ntp true), ellers avvises webhooks.`,
    );
  return check('site', 'clock', 'ok', `Klokka stemmer med ${seen.provider} sin (innen ${MAX_CLOCK_SKEW_MS / 1000} s).`);
}

async function freeBytes(path: string): Promise<number> {
  let p = resolve(path);
  for (;;) {
    try {
      const s = await statfs(p);
      return s.bavail * s.bsize;
    } catch (e) {
      const parent = dirname(p);
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || parent === p) throw e;
      p = parent;
    }
  }
}

/** Gigabytes with one decimal, the Norwegian way: 74,6 GB. */
export const gb = (n: number) => `${(n / 1024 ** 3).toFixed(1).replace('.', ',')} GB`;

export async function diskCheck(ctx: DoctorContext): Promise<Check> {
  const places = [
    { what: 'opplastinger', dir: ctx.cfg.uploadDir },
    { what: 'sikkerhetskopier', dir: ctx.cfg.backup.dir },
  ];
  const free = await Promise.all(places.map(async (p) => ({ ...p, bytes: await freeBytes(p.dir) })));
  const least = free.reduce((a, b) => (b.bytes < a.bytes ? b : a));
  const status = least.bytes < ctx.disk.errorBelow ? 'error' : least.bytes < ctx.disk.warnBelow ? 'warning' : 'ok';
  if (status === 'ok')
    return check('site', 'disk', 'ok', `Nok plass: ${free.map((f) => `${gb(f.bytes)} ledig for ${f.what}`).join(', ')}.`);
  return check(
    'site',
    'disk',
    status,
    `Bare ${gb(least.bytes)} ledig for ${least.what} (${resolve(least.dir)}): rydd disken eller gi serveren mer plass.`,
  );
}
