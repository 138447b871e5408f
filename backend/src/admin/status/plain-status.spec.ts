import { STATUS_AREAS, type StatusCheck } from '@academy/contracts';
import { callFailed, ProviderAnswer } from '../../doctor/check';
import type { DoctorContext } from '../../doctor/check';
import { queueChecks } from '../../doctor/queue.checks';
import { gb } from '../../doctor/site.checks';
import { explainCheck } from './plain-status';

/** Words of whoever runs the server, not of the mentor: settings, commands, DNS records, status codes. */
const DEVELOPER_SPEAK = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|npm|docker|\bTXT\b|\bSPF\b|\bDMARC\b|\bDKIM\b|\bHTTP\b|ECONN|SMTP/;

const ids = [
  'site.public-url',
  'site.migrations',
  'site.clock',
  'site.disk',
  'stripe.key',
  'stripe.mode',
  'stripe.webhook',
  'stripe.cards',
  'stripe.klarna',
  'vipps.token',
  'vipps.mode',
  'vipps.webhook',
  'discord.bot',
  'discord.guild',
  'discord.roles',
  'mux.credentials',
  'mux.signing-key',
  'fiken.credentials',
  'fiken.queue',
  'mail.smtp',
  'mail.spf',
  'mail.dkim',
  'mail.dmarc',
  'mail.bounces',
  'backups.latest',
  'backups.s3',
  'backups.passphrase',
  'queues.outbox',
  'queues.webhooks',
  'vipps.login-discovery',
  'vipps.login-client',
  'vipps.login-redirect',
];
const check = (id: string, status: StatusCheck['status'], message = 'teknisk'): StatusCheck => ({
  id,
  area: id.split('.')[0] as StatusCheck['area'],
  status,
  message,
});

describe('«Driftsstatus» in plain words', () => {
  it('every check that is not all right says what it means, who fixes it and how, without developer words', () => {
    for (const id of ids)
      for (const status of ['error', 'warning'] as const) {
        const plain = explainCheck(check(id, status, 'Fikk ikke kontakt med Fiken (ECONNREFUSED): sjekk FIKEN_API_BASE.'));
        expect({ id, who: plain.who && ['mentor', 'operator', 'provider'].includes(plain.who) }).toEqual({ id, who: true });
        expect({ id, how: Boolean(plain.how), meaning: Boolean(plain.meaning) }).toEqual({ id, how: true, meaning: true });
        expect({ id, text: `${plain.meaning} ${plain.how}`.match(DEVELOPER_SPEAK) }).toEqual({ id, text: null });
      }
    for (const area of STATUS_AREAS) {
      expect(explainCheck(check(`${area}.x`, 'ok'))).toMatchObject({ who: null, how: null });
      expect(explainCheck(check(`${area}.x`, 'off')).meaning).toMatch(/^Ikke i bruk/);
    }
    // Each line names what is checked, in the mentor's words.
    for (const id of ids) {
      const { what } = explainCheck(check(id, 'ok'));
      expect({ id, generic: what === explainCheck(check(`${id.split('.')[0]}.x`, 'ok')).what }).toEqual({ id, generic: false });
      expect({ id, what: what.match(DEVELOPER_SPEAK) }).toEqual({ id, what: null });
    }
    // The same check can be the mentor's to fix (a failed posting) or the provider's (Fiken slow).
    expect(explainCheck(check('fiken.queue', 'error')).who).toBe('mentor');
    expect(explainCheck(check('fiken.queue', 'warning')).who).toBe('provider');
    // Logg inn med Vipps has its own words, not the line for an unknown check.
    for (const id of ['vipps.login-discovery', 'vipps.login-client', 'vipps.login-redirect'])
      expect({ id, meaning: explainCheck(check(id, 'error')).meaning }).toEqual({
        id,
        meaning: expect.stringMatching(/^Logg inn med Vipps/),
      });
  });

  it('a provider that answered with an error is not "no contact": 5xx is the provider\'s, 4xx the settings, no answer the network', () => {
    const notFound = callFailed('fiken', 'Fiken', 'FIKEN_API_BASE', new ProviderAnswer(404));
    expect(notFound.message).toBe('Fiken svarte med en feil (HTTP 404): sjekk nøkkelen og FIKEN_API_BASE.');
    expect(explainCheck(notFound)).toMatchObject({ who: 'operator', meaning: expect.stringContaining('Fiken svarte') });
    const down = callFailed('stripe', 'Stripe', 'STRIPE_API_BASE', new ProviderAnswer(503));
    expect(down.message).toMatch(/^Stripe svarte med en feil \(HTTP 503\): feilen er hos Stripe/);
    expect(explainCheck(down).who).toBe('provider');
    const refused = callFailed(
      'fiken',
      'Fiken',
      'FIKEN_API_BASE',
      Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }),
    );
    expect(refused.message).toBe('Fikk ikke kontakt med Fiken (ECONNREFUSED): sjekk nettverket og FIKEN_API_BASE.');
    expect(explainCheck(refused)).toMatchObject({
      who: 'operator',
      meaning: expect.stringContaining('fikk ikke kontakt med Fiken'),
    });
  });

  it('numbers the Norwegian way: 74,6 GB, 1 e-post, 1 minutt', async () => {
    expect(gb(74.6 * 1024 ** 3)).toBe('74,6 GB');
    const outbox = async (failed: number, oldestPendingAgeSeconds: number) => {
      const ctx = { outboxStats: async () => ({ depth: 1, failed, oldestPendingAgeSeconds }), webhookFailuresSince: null };
      return (await queueChecks(ctx as unknown as DoctorContext))[0].message;
    };
    expect(await outbox(1, 0)).toBe('Utboksen går, men 1 e-post er gitt opp: se den under Utgående e-post og send den på nytt.');
    expect(await outbox(2, 0)).toContain('2 e-poster er gitt opp: se dem');
    expect(await outbox(0, 60)).toBe('Utboksen går (1 venter, den eldste i 1 minutt).');
  });
});
