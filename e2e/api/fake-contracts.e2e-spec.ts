import { startFakeDiscord } from './support/fake-discord';
import { FAKE_VIPPS_LOGIN, startFakeVippsLogin } from './support/fake-vipps-login';
import { startFakeMux } from './support/fake-mux';
import { FAKE_STRIPE_KEY, startFakeStripe } from './support/fake-stripe';
import { fakeVippsEnv, startFakeVipps } from './support/fake-vipps';

/**
 * The fakes refuse what the providers' published descriptions refuse (e2e/contracts), and a suite
 * whose app sent such a request fails when the fake is closed.
 */
describe('fakes checked against the providers’ published descriptions', () => {
  it('Stripe: an unknown parameter or a value outside an enum is refused, and closing the fake fails', async () => {
    const stripe = await startFakeStripe();
    const post = (body: string) =>
      fetch(`${stripe.url}/v1/checkout/sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${FAKE_STRIPE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
    const ok = await post(
      'mode=payment&line_items[0][quantity]=1&line_items[0][price_data][currency]=nok&line_items[0][price_data][unit_amount]=1000&line_items[0][price_data][product_data][name]=Kurs&success_url=https://example.test/ok',
    );
    expect(ok.status).toBe(200);
    expect(stripe.violations).toEqual([]);
    const unknown = await post('mode=payment&colour=blue&line_items[0][quantity]=1');
    expect(unknown.status).toBe(400);
    const badEnum = await post('mode=sometimes&line_items[0][quantity]=1');
    expect(badEnum.status).toBe(400);
    expect(stripe.violations.map((v) => v.operation)).toEqual(['sessions.create', 'sessions.create']);
    expect(stripe.violations[0].problems.join(' ')).toMatch(/colour/);
    await expect(stripe.close()).rejects.toThrow(/would refuse/);
  });

  it('Mux: a video_quality Mux does not list is refused', async () => {
    const mux = await startFakeMux();
    const env = mux.env();
    const res = await fetch(`${mux.url}/video/v1/uploads`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${env.MUX_TOKEN_ID}:${env.MUX_TOKEN_SECRET}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ new_asset_settings: { video_quality: 'ultra' } }),
    });
    expect(res.status).toBe(400);
    expect(mux.violations).toHaveLength(1);
    await expect(mux.close()).rejects.toThrow(/would refuse/);
  });

  it('Vipps Recurring: a charge with more retryDays than the API takes, or a draft agreement in a currency it does not take, is refused', async () => {
    const vipps = await startFakeVipps();
    const headers = {
      authorization: 'Bearer x',
      'ocp-apim-subscription-key': 'x',
      'idempotency-key': 'k',
      'merchant-serial-number': '123456',
      'content-type': 'application/json',
    };
    const charge = await fetch(`${vipps.url}/recurring/v3/agreements/agr_x/charges`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        amount: 500000,
        description: 'VIP',
        due: '2030-01-01',
        retryDays: 20,
        transactionType: 'DIRECT_CAPTURE',
      }),
    });
    expect(charge.status).toBe(400);
    const draft = await fetch(`${vipps.url}/recurring/v3/agreements`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        pricing: { type: 'LEGACY', amount: 500000, currency: 'SEK' },
        interval: { unit: 'YEAR', count: 1 },
        merchantRedirectUrl: 'https://example.test/r',
        merchantAgreementUrl: 'https://example.test/a',
        productName: 'VIP',
      }),
    });
    expect(draft.status).toBe(400);
    expect(vipps.violations.map((v) => [v.provider, v.operation])).toEqual([
      ['vipps-recurring', 'charges.create'],
      ['vipps-recurring', 'agreements.create'],
    ]);
    expect(vipps.violations[0].problems.join(' ')).toMatch(/retryDays/);
    expect(vipps.violations[1].problems.join(' ')).toMatch(/currency|enum/);
    await expect(vipps.close()).rejects.toThrow(/would refuse/);
  });

  it('Vipps Recurring, as described since 2024: EUR, DKK and no interval are no violations; the prose rules stay', async () => {
    const vipps = await startFakeVipps();
    const env = fakeVippsEnv(vipps);
    const token = await fetch(`${vipps.url}/accesstoken/get`, {
      method: 'POST',
      headers: {
        client_id: env.VIPPS_CLIENT_ID,
        client_secret: env.VIPPS_CLIENT_SECRET,
        'ocp-apim-subscription-key': env.VIPPS_SUBSCRIPTION_KEY,
      },
    });
    const { access_token } = (await token.json()) as { access_token: string };
    const headers = {
      authorization: `Bearer ${access_token}`,
      'ocp-apim-subscription-key': env.VIPPS_SUBSCRIPTION_KEY,
      'idempotency-key': 'k2',
      'merchant-serial-number': env.VIPPS_MSN,
      'content-type': 'application/json',
    };
    let key = 0;
    const post = (path: string, body: unknown) =>
      fetch(`${vipps.url}/recurring/v3/agreements${path}`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': `k-${++key}` },
        body: JSON.stringify(body),
      });
    const draft = { merchantRedirectUrl: 'https://example.test/r', productName: 'VIP' };
    const dkk = await post('', {
      ...draft,
      pricing: { type: 'LEGACY', amount: 50000, currency: 'DKK' },
      merchantAgreementUrl: 'https://example.test/a',
    });
    expect(dkk.status).toBe(201);
    // Optional in the schema, "required for Norwegian Merchants" in its prose: the fake's 400, not a violation.
    const noUrl = await post('', { ...draft, pricing: { type: 'FLEXIBLE', currency: 'EUR' } });
    expect(noUrl.status).toBe(400);
    const { agreementId } = (await dkk.json()) as { agreementId: string };
    for (const e of vipps.recurring.approve(agreementId)) void e;
    // `due` and `retryDays` are optional in the schema and "Required only for RECURRING charges".
    const recurring = await post(`/${agreementId}/charges`, {
      amount: 50000,
      description: 'VIP',
      transactionType: 'DIRECT_CAPTURE',
    });
    expect(recurring.status).toBe(400);
    expect(((await recurring.json()) as { detail: string }).detail).toMatch(/RECURRING/);
    expect(vipps.violations).toEqual([]);
    await vipps.close();
  });

  it('Discord: a member added without the access token Discord requires is refused', async () => {
    const discord = await startFakeDiscord();
    const env = discord.env();
    const res = await fetch(`${discord.url}/api/v10/guilds/${env.DISCORD_GUILD_ID}/members/123456789012345678`, {
      method: 'PUT',
      headers: { authorization: `Bot ${env.DISCORD_BOT_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ roles: [] }),
    });
    expect(res.status).toBe(400);
    expect(discord.violations[0].problems.join(' ')).toMatch(/access_token/);
    await expect(discord.close()).rejects.toThrow(/would refuse/);
  });

  it('Vipps Login: a token request without its redirect_uri, and an authorize request without a state, are refused', async () => {
    const login = await startFakeVippsLogin();
    const basic = Buffer.from(`${FAKE_VIPPS_LOGIN.clientId}:${FAKE_VIPPS_LOGIN.clientSecret}`).toString('base64');
    const token = await fetch(`${login.issuer}oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'abc' }),
    });
    expect([token.status, ((await token.json()) as { error: string }).error]).toEqual([400, 'invalid_request']);
    const authorize = new URL(`${login.issuer}oauth2/auth`);
    for (const [k, v] of Object.entries({
      client_id: FAKE_VIPPS_LOGIN.clientId,
      response_type: 'code',
      scope: 'openid',
      redirect_uri: 'https://x.no/cb',
      state: 'kort',
    }))
      authorize.searchParams.set(k, v);
    expect((await fetch(authorize)).status).toBe(400);
    expect(login.violations.map((v) => [v.operation, v.problems.join(' ')])).toEqual([
      ['token', expect.stringMatching(/redirect_uri/)],
      ['authorize', expect.stringMatching(/state/)],
    ]);
    await expect(login.close()).rejects.toThrow(/would refuse/);
  });
});
