import { STATUS_AREAS, type StatusCheck } from '@academy/contracts';
import { backupChecks } from './backup.checks';
import { check, reason, type DoctorContext } from './check';
import { discordChecks } from './discord.checks';
import { mailChecks } from './mail.checks';
import { fikenChecks } from './fiken.checks';
import { muxChecks } from './mux.checks';
import { queueChecks } from './queue.checks';
import { clockCheck, diskCheck, migrationsCheck, publicUrlCheck } from './site.checks';
import { stripeChecks } from './stripe.checks';
import { vippsChecks } from './vipps.checks';
import { vippsLoginChecks } from './vipps-login.checks';

/** One area's checks; a check that throws becomes an error naming what failed, never a crash of the rest. */
const safely = async (area: StatusCheck['area'], run: () => Promise<StatusCheck[]>): Promise<StatusCheck[]> => {
  try {
    return await run();
  } catch (e) {
    return [check(area, 'check', 'error', `Sjekken stoppet (${reason(e)}): se loggen.`)];
  }
};

/**
 * Every check (docs/decisions.md "Going live"), the providers' first (their answers' Date headers feed
 * the clock check), in area order.
 */
export async function runChecks(ctx: DoctorContext): Promise<StatusCheck[]> {
  const [stripe, vipps, vippsLogin, discord, mux, fiken, mail, backups, queues, site] = await Promise.all([
    safely('stripe', () => stripeChecks(ctx)),
    safely('vipps', () => vippsChecks(ctx)),
    safely('vipps', () => vippsLoginChecks(ctx)),
    safely('discord', () => discordChecks(ctx)),
    safely('mux', () => muxChecks(ctx)),
    safely('fiken', () => fikenChecks(ctx)),
    safely('mail', () => mailChecks(ctx)),
    safely('backups', () => backupChecks(ctx)),
    safely('queues', () => queueChecks(ctx)),
    safely('site', async () => Promise.all([publicUrlCheck(ctx), migrationsCheck(ctx), diskCheck(ctx)])),
  ]);
  const all = [
    ...site,
    clockCheck(ctx),
    ...stripe,
    ...vipps,
    ...vippsLogin,
    ...discord,
    ...mux,
    ...fiken,
    ...mail,
    ...backups,
    ...queues,
  ];
  return all.sort((a, b) => STATUS_AREAS.indexOf(a.area) - STATUS_AREAS.indexOf(b.area));
}

const MARK = { ok: '✓', warning: '!', error: '✗', off: '–' } as const;

/** The checks as lines for a terminal. */
export function formatChecks(checks: StatusCheck[]): string {
  const width = Math.max(...checks.map((c) => c.id.length));
  const lines = checks.map((c) => `${MARK[c.status]} ${c.id.padEnd(width)}  ${c.message}`);
  const errors = checks.filter((c) => c.status === 'error').length;
  const warnings = checks.filter((c) => c.status === 'warning').length;
  lines.push('', errors ? `✗ ${errors} feil, ${warnings} advarsler` : `✓ Ingen feil (${warnings} advarsler)`);
  return lines.join('\n') + '\n';
}
