import { configProblems } from './testing/config-problems';
import { ConfigError, parseEnv } from './env.schema';

const FIKEN = {
  FIKEN_API_TOKEN: 'personal-api-token',
  FIKEN_COMPANY_SLUG: 'fiken-demo-handelsakademiet-as',
  FIKEN_ACCOUNT_CARD: '1920:10001',
  FIKEN_ACCOUNT_KLARNA: '1920:10002',
  FIKEN_ACCOUNT_VIPPS: '1920:10003',
  FIKEN_REVENUE_ACCOUNT_STANDARD: '3000',
  FIKEN_REVENUE_ACCOUNT_EXEMPT: '3100',
};
const problems = configProblems;

describe('FIKEN_* settings', () => {
  it('none: nothing is posted to Fiken', () => {
    expect(parseEnv({}).fiken).toBeNull();
  });

  it('all: accounts per provider and per MVA treatment; the API base defaults to Fiken v2', () => {
    const cfg = parseEnv(FIKEN).fiken!;
    expect(cfg).toMatchObject({
      apiToken: 'personal-api-token',
      companySlug: 'fiken-demo-handelsakademiet-as',
      paymentAccounts: { card: '1920:10001', klarna: '1920:10002', vipps: '1920:10003' },
      revenueAccounts: { standard: '3000', exempt: '3100' },
    });
    expect(cfg.apiBase.href).toBe('https://api.fiken.no/api/v2');
    expect(parseEnv({ ...FIKEN, FIKEN_API_BASE: 'http://127.0.0.1:9999/api/v2' }).fiken!.apiBase.href).toBe(
      'http://127.0.0.1:9999/api/v2',
    );
  });

  it('a partial set stops the start naming what is missing; bad values are named per variable', () => {
    const { FIKEN_ACCOUNT_VIPPS: _v, FIKEN_REVENUE_ACCOUNT_EXEMPT: _e, ...five } = FIKEN;
    expect(problems(five)).toEqual([
      'FIKEN_ACCOUNT_VIPPS, FIKEN_REVENUE_ACCOUNT_EXEMPT: påkrevd når FIKEN_API_TOKEN, FIKEN_COMPANY_SLUG, FIKEN_ACCOUNT_CARD, FIKEN_ACCOUNT_KLARNA, FIKEN_REVENUE_ACCOUNT_STANDARD er satt (alle eller ingen)',
    ]);
    expect(() => parseEnv(five)).toThrow(ConfigError);
    expect(problems({ ...FIKEN, FIKEN_ACCOUNT_CARD: 'bank' })).toEqual([
      'FIKEN_ACCOUNT_CARD: en kontokode fra Fiken (fire siffer, ev. med underkonto som 1920:10001), fikk "bank"',
    ]);
    expect(problems({ ...FIKEN, FIKEN_COMPANY_SLUG: 'Mitt Firma' })[0]).toMatch(/^FIKEN_COMPANY_SLUG: /);
    expect(problems({ FIKEN_API_BASE: 'http://127.0.0.1:9999' })[0]).toMatch(/^FIKEN_API_BASE: /);
  });

  it("the worker's round: every 10 s unless FIKEN_POLL_INTERVAL_MS says otherwise, never below 200 ms", () => {
    expect(parseEnv(FIKEN).fiken!.pollIntervalMs).toBe(10_000);
    expect(parseEnv({ ...FIKEN, FIKEN_POLL_INTERVAL_MS: '500' }).fiken!.pollIntervalMs).toBe(500);
    expect(problems({ ...FIKEN, FIKEN_POLL_INTERVAL_MS: '50' })[0]).toMatch(/^FIKEN_POLL_INTERVAL_MS: /);
    expect(problems({ ...FIKEN, FIKEN_POLL_INTERVAL_MS: 'often' })[0]).toMatch(/^FIKEN_POLL_INTERVAL_MS: /);
  });
});
