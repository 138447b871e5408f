import { fikenQueueStats } from '../orders/fiken/fiken-postings.service';
import { call, callFailed, check, last4, ProviderAnswer, type Check, type DoctorContext } from './check';

const STALE_MS = 3600_000;

/**
 * Fiken (docs/decisions.md "Fiken"): the token works and the company exists (GET the company); the
 * queue: failed postings are an error, a posting waiting for more than an hour a warning.
 */
export async function fikenChecks(ctx: DoctorContext): Promise<Check[]> {
  const f = ctx.cfg.fiken;
  if (!f)
    return [
      check('fiken', 'credentials', 'off', 'Fiken er ikke satt opp: kvitteringer sendes ikke til Fiken før FIKEN_* er satt.'),
    ];
  const out: Check[] = [];
  const base = f.apiBase.toString().replace(/\/+$/, '');
  try {
    const res = await call(ctx, 'Fiken', `${base}/companies/${encodeURIComponent(f.companySlug)}`, {
      headers: { authorization: `Bearer ${f.apiToken}`, accept: 'application/json' },
    });
    if (res.status === 401 || res.status === 403)
      out.push(
        check(
          'fiken',
          'credentials',
          'error',
          `Fiken-nøkkelen virker ikke (${last4(f.apiToken)}): lag en ny personlig API-nøkkel i Fiken (Innstillinger → Andre innstillinger → API) og sett FIKEN_API_TOKEN.`,
        ),
      );
    else if (res.status === 404)
      out.push(
        check(
          'fiken',
          'credentials',
          'error',
          `Fiken kjenner ikke foretaket «${f.companySlug}»: sett FIKEN_COMPANY_SLUG til delen etter /foretak/ i Fiken-adressen.`,
        ),
      );
    else if (res.status !== 200) throw new ProviderAnswer(res.status);
    else
      out.push(
        check('fiken', 'credentials', 'ok', `Fiken godtok nøkkelen (${last4(f.apiToken)}) for foretaket «${f.companySlug}».`),
      );
  } catch (e) {
    out.push(callFailed('fiken', 'Fiken', 'FIKEN_API_BASE', e));
  }
  const { failed, oldestWaiting } = await fikenQueueStats(ctx.ds);
  if (failed > 0)
    out.push(
      check('fiken', 'queue', 'error', `${failed} bilag kom ikke inn i Fiken: se grunnen og trykk «Prøv igjen» under Regnskap.`),
    );
  else if (oldestWaiting && ctx.now().getTime() - oldestWaiting.getTime() > STALE_MS)
    out.push(
      check(
        'fiken',
        'queue',
        'warning',
        'Et bilag har ventet på Fiken i mer enn en time: Fiken svarer kanskje ikke, se Regnskap og loggen.',
      ),
    );
  else out.push(check('fiken', 'queue', 'ok', 'Alle bilag er sendt til Fiken, eller på vei.'));
  return out;
}
