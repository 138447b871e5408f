import { generateKeyPairSync } from 'node:crypto';
import { OutboxService } from '../../backend/src/outbox/outbox.service';
import { OutboxWorker } from '../../backend/src/outbox/outbox.worker';
import { ConfigError, parseEnv } from '../../backend/src/platform/config/env.schema';
import { useMailApp } from './support/mail-app';
import type { SmtpSink } from './support/smtp-sink';
import type { TestApp } from './support/test-app';

// mailauth's verifier (the library MTAs use to check DKIM, SPF and DMARC), with DNS answered by the test.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { authenticate } = require('mailauth') as {
  authenticate(
    message: string | Buffer,
    opts: Record<string, unknown>,
  ): Promise<{
    dkim: { results: Array<{ signingDomain: string; selector: string; status: { result: string; comment?: string } }> };
  }>;
};

/**
 * DKIM: with DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY every mail the outbox sends is signed,
 * and a receiving server that finds the public key in DNS (`<selector>._domainkey.<domain>`) accepts
 * the signature; a changed message or another key fails.
 */

const DOMAIN = 'post.akademiet-eksempel.no';
const SELECTOR = 'ta2026';

const keys = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const signing = keys();
const other = keys();
const PRIVATE_PEM = signing.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const publicTxt = (k: ReturnType<typeof keys>) =>
  `v=DKIM1; k=rsa; p=${k.publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;

/** DNS as the receiving server sees it: only the DKIM record is published. */
function resolverWith(txt: string) {
  return async (name: string, rr: string) => {
    if (rr === 'TXT' && name.toLowerCase() === `${SELECTOR}._domainkey.${DOMAIN}`) return [[txt]];
    const err = new Error(`queryTxt ENOTFOUND ${name}`) as NodeJS.ErrnoException;
    err.code = 'ENOTFOUND';
    throw err;
  };
}

async function verify(raw: string | Buffer, txt = publicTxt(signing)) {
  const res = await authenticate(raw, {
    ip: '127.0.0.1',
    helo: 'localhost',
    sender: `post@${DOMAIN}`,
    mta: 'mx.mottaker.example',
    resolver: resolverWith(txt),
    disableArc: true,
    disableDmarc: true,
    disableBimi: true,
  });
  return res.dkim.results;
}

describe('DKIM-signed mail (mailauth verifies it)', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let worker: OutboxWorker;

  useMailApp(
    // Base64 of the PEM, as it fits on one line of an .env file.
    () => ({
      MAIL_FROM: `Trading Akademiet <post@${DOMAIN}>`,
      DKIM_DOMAIN: DOMAIN,
      DKIM_SELECTOR: SELECTOR,
      DKIM_PRIVATE_KEY: Buffer.from(PRIVATE_PEM).toString('base64'),
    }),
    (app) => ({ t, sink, worker } = app),
  );

  const send = async (to: string) => {
    await t.app.get(OutboxService).enqueue({
      kind: 'password_reset',
      to,
      subject: 'Tilbakestill passordet – æøå',
      html: '<p>Hei – her er lenken din: <a href="https://example.no/x">x</a></p>',
      text: 'Hei – her er lenken din: https://example.no/x',
    });
    await worker.drain();
    return sink.waitFor((m) => m.to.includes(to));
  };

  it('a sent mail carries a DKIM-Signature for the domain and selector, and it verifies', async () => {
    const mail = await send('dkim-mottaker@example.no');
    // The header comes first, folded over lines; it signs From, Subject, To, the date and the content headers.
    const header = /^DKIM-Signature: (?:.*\r?\n[ \t].*)*/m.exec(mail.raw)?.[0] ?? '';
    expect(header.replace(/\r?\n[ \t]+/g, ' ')).toMatch(
      new RegExp(`d=${DOMAIN.replace(/\./g, '\\.')}; .*s=${SELECTOR};.* h=from:[^;]*subject`),
    );
    const results = await verify(mail.raw);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ signingDomain: DOMAIN, selector: SELECTOR, status: { result: 'pass' } });
  });

  it('a changed body, a changed subject or another published key fails', async () => {
    const mail = await send('dkim-endret@example.no');
    const body = mail.raw.replace('lenken din', 'lenken hans');
    expect(body).not.toBe(mail.raw);
    // A body that no longer matches the signed body hash: mailauth reports it as neutral ("body hash did not verify").
    const changedBody = (await verify(body))[0].status;
    expect(changedBody).toMatchObject({ result: 'neutral', comment: expect.stringMatching(/body hash/) });
    const subject = mail.raw.replace(/^Subject: .*\r?\n(?:[ \t].*\r?\n)*/m, 'Subject: Vinn en premie\r\n');
    expect(subject).not.toBe(mail.raw);
    expect((await verify(subject))[0].status.result).toBe('fail');
    expect((await verify(mail.raw, publicTxt(other)))[0].status.result).toBe('fail');
  });
});

describe('DKIM settings (checked at start)', () => {
  const base = { DKIM_DOMAIN: DOMAIN, DKIM_SELECTOR: SELECTOR, DKIM_PRIVATE_KEY: PRIVATE_PEM };
  const problems = (env: Record<string, string>) => {
    try {
      parseEnv(env);
      return [];
    } catch (e) {
      return (e as ConfigError).problems;
    }
  };

  it('takes the PEM, with escaped line breaks or as base64, and none of the three', () => {
    expect(parseEnv(base).dkim).toEqual({ domainName: DOMAIN, keySelector: SELECTOR, privateKey: PRIVATE_PEM.trim() });
    expect(parseEnv({ ...base, DKIM_PRIVATE_KEY: PRIVATE_PEM.replace(/\n/g, '\\n') }).dkim?.privateKey).toBe(PRIVATE_PEM.trim());
    expect(parseEnv({ ...base, DKIM_PRIVATE_KEY: Buffer.from(PRIVATE_PEM).toString('base64') }).dkim?.privateKey).toBe(
      PRIVATE_PEM.trim(),
    );
    expect(parseEnv({}).dkim).toBeNull();
  });

  it.each([
    ['only the domain', { DKIM_DOMAIN: DOMAIN }, /DKIM_SELECTOR, DKIM_PRIVATE_KEY: påkrevd når DKIM_DOMAIN er satt/],
    ['no key', { DKIM_DOMAIN: DOMAIN, DKIM_SELECTOR: SELECTOR }, /DKIM_PRIVATE_KEY: påkrevd/],
    ['only the key', { DKIM_PRIVATE_KEY: PRIVATE_PEM }, /DKIM_DOMAIN, DKIM_SELECTOR: påkrevd/],
    ['a key that is no PEM', { ...base, DKIM_PRIVATE_KEY: 'ikke-en-nøkkel' }, /DKIM_PRIVATE_KEY: en privat nøkkel i PEM-format/],
    [
      'the public key',
      { ...base, DKIM_PRIVATE_KEY: signing.publicKey.export({ type: 'spki', format: 'pem' }).toString() },
      /DKIM_PRIVATE_KEY: kunne ikke lese/,
    ],
    [
      'an Ed25519 key',
      {
        ...base,
        DKIM_PRIVATE_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      },
      /DKIM_PRIVATE_KEY: må være en RSA-nøkkel/,
    ],
    ['a domain with spaces', { ...base, DKIM_DOMAIN: 'ikke et domene' }, /DKIM_DOMAIN: et domenenavn/],
    ['a selector with a space', { ...base, DKIM_SELECTOR: 'a b' }, /DKIM_SELECTOR/],
  ])('refuses %s with a clear message', (_what, env, message) => {
    const found = problems(env as Record<string, string>);
    expect(found.some((p) => message.test(p))).toBe(true);
  });
});
