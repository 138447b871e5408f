import { call, callFailed, check, last4, ProviderAnswer, type Check, type DoctorContext } from './check';

/**
 * Mux (docs/decisions.md "Going live"): the access token works (GET /video/v1/assets); the
 * signing key exists (GET /system/v1/signing-keys/{id}, which needs System read permission on the token:
 * without it the key cannot be looked up, a warning); the webhook secret is set.
 */
export async function muxChecks(ctx: DoctorContext): Promise<Check[]> {
  const m = ctx.cfg.mux;
  if (!m)
    return [check('mux', 'credentials', 'off', 'Mux er ikke satt opp: betalte videoer bruker YouTube-lenker til MUX_* er satt.')];
  const base = (m.apiBase?.toString() ?? 'https://api.mux.com/').replace(/\/+$/, '');
  const get = (path: string) =>
    call(ctx, 'Mux', `${base}${path}`, {
      headers: { authorization: `Basic ${Buffer.from(`${m.tokenId}:${m.tokenSecret}`).toString('base64')}` },
    });
  const out: Check[] = [];
  try {
    const assets = await get('/video/v1/assets');
    if (assets.status === 401 || assets.status === 403) {
      out.push(
        check(
          'mux',
          'credentials',
          'error',
          `Mux avviste MUX_TOKEN_ID og MUX_TOKEN_SECRET (${last4(m.tokenSecret)}): lag en ny tilgangsnøkkel i Mux med Video-tilgang.`,
        ),
      );
    } else if (assets.status !== 200) throw new ProviderAnswer(assets.status);
    else {
      out.push(check('mux', 'credentials', 'ok', `Mux godtok tilgangsnøkkelen (${last4(m.tokenSecret)}).`));
      const key = await get(`/system/v1/signing-keys/${encodeURIComponent(m.signingKeyId)}`);
      if (key.status === 200)
        out.push(check('mux', 'signing-key', 'ok', `Signeringsnøkkelen (${last4(m.signingKeyId)}) finnes i Mux.`));
      else if (key.status === 404)
        out.push(
          check(
            'mux',
            'signing-key',
            'error',
            `Signeringsnøkkelen MUX_SIGNING_KEY_ID (${last4(m.signingKeyId)}) finnes ikke i Mux: lag en ny under Settings → Signing keys og sett begge MUX_SIGNING_*.`,
          ),
        );
      else if (key.status === 401 || key.status === 403)
        out.push(
          check(
            'mux',
            'signing-key',
            'warning',
            `Tilgangsnøkkelen kan ikke lese signeringsnøkler (mangler System-tilgang): se selv at ${last4(m.signingKeyId)} står under Settings → Signing keys i Mux.`,
          ),
        );
      else throw new ProviderAnswer(key.status);
    }
  } catch (e) {
    out.push(callFailed('mux', 'Mux', 'MUX_API_BASE', e));
  }
  out.push(
    check(
      'mux',
      'webhook-secret',
      'ok',
      `MUX_WEBHOOK_SECRET er satt (${last4(m.webhookSecret)}); webhooken i Mux skal gå til ${ctx.cfg.publicUrl}/api/mux/webhook.`,
    ),
  );
  return out;
}
