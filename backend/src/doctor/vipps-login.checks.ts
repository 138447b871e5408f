import { call, check, isProduction, last4, reason, type Check, type DoctorContext } from './check';

/**
 * «Logg inn med Vipps» (docs/operations.md "Logg inn med Vipps"): Vipps' discovery document answers
 * with the issuer it is asked for; the token endpoint takes the client id and secret (a made-up code is
 * refused as `invalid_grant` for a known client, as `invalid_client` for a wrong one); and the redirect
 * URI to register in the portal, which Vipps compares exactly.
 */
export async function vippsLoginChecks(ctx: DoctorContext): Promise<Check[]> {
  const v = ctx.cfg.vippsLogin;
  if (!v)
    return [
      check(
        'vipps',
        'login',
        'off',
        'Innlogging med Vipps er ikke satt opp: sett VIPPS_LOGIN_CLIENT_ID og VIPPS_LOGIN_CLIENT_SECRET (uten dem vises ingen Vipps-knapp for innlogging).',
      ),
    ];
  const redirectUri = `${ctx.cfg.publicUrl.replace(/\/+$/, '')}/api/auth/vipps/callback`;
  const out: Check[] = [];
  let tokenEndpoint: string;
  try {
    const doc = await call(ctx, 'Vipps', `${v.issuer}.well-known/openid-configuration`);
    const body = doc.body as { issuer?: string; token_endpoint?: string } | null;
    if (doc.status !== 200 || !body?.token_endpoint)
      return [
        check('vipps', 'login-discovery', 'error', `Vipps Login svarte ${doc.status} på discovery-dokumentet (${v.issuer}).`),
      ];
    if (body.issuer !== v.issuer)
      return [
        check(
          'vipps',
          'login-discovery',
          'error',
          `Vipps Login oppgir utstederen ${body.issuer ?? '(ingen)'}, ikke ${v.issuer}.`,
        ),
      ];
    tokenEndpoint = body.token_endpoint;
    out.push(check('vipps', 'login-discovery', 'ok', `Vipps Login svarer (${v.issuer}).`));
  } catch (e) {
    return [
      check(
        'vipps',
        'login-discovery',
        'error',
        `Fikk ikke kontakt med Vipps Login (${reason(e)}): sjekk nettverket og VIPPS_LOGIN_API_BASE.`,
      ),
    ];
  }
  try {
    const basic = Buffer.from(`${encodeURIComponent(v.clientId)}:${encodeURIComponent(v.clientSecret)}`).toString('base64');
    const res = await call(ctx, 'Vipps', tokenEndpoint, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'doktor-sjekk', redirect_uri: redirectUri }).toString(),
    });
    const error = (res.body as { error?: string } | null)?.error;
    if (res.status === 401 || error === 'invalid_client')
      out.push(
        check(
          'vipps',
          'login-client',
          'error',
          `Vipps avviste VIPPS_LOGIN_CLIENT_ID og VIPPS_LOGIN_CLIENT_SECRET (${last4(v.clientSecret)}): hent dem på nytt under «Utvikler» i Vipps-portalen.`,
        ),
      );
    else if (error === 'invalid_grant')
      out.push(check('vipps', 'login-client', 'ok', `Vipps godtar klient-id og hemmelighet (${last4(v.clientSecret)}).`));
    else
      out.push(
        check('vipps', 'login-client', 'warning', `Uventet svar fra Vipps' token-adresse (${res.status} ${error ?? ''}).`),
      );
  } catch (e) {
    out.push(check('vipps', 'login-client', 'error', `Fikk ikke kontakt med Vipps' token-adresse (${reason(e)}).`));
  }
  if (isProduction(ctx) && !redirectUri.startsWith('https://'))
    out.push(check('vipps', 'login-redirect', 'error', `PUBLIC_URL må være https for innlogging med Vipps (${redirectUri}).`));
  else
    out.push(
      check(
        'vipps',
        'login-redirect',
        'ok',
        `Registrer nøyaktig ${redirectUri} som «redirect URI» for salgsstedet i Vipps-portalen (Vipps krever nøyaktig lik adresse).`,
      ),
    );
  return out;
}
