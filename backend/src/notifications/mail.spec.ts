import { parseEnv, ConfigError } from '../platform/config/env.schema';
import { hideTokens } from '../outbox/admin-outbox.service';
import { escapeHtml, formatNok, mvaOf } from '../outbox/mail-format';
import { receiptMail, refundMail, resetPasswordMail, welcomeMail } from './templates/messages';

const brand = { siteName: 'Trading <Akademiet>', contactEmail: 'hjelp@example.no', publicUrl: 'https://www.example.no' };

describe('mail formatting', () => {
  it('formats øre as Norwegian kroner with plain spaces', () => {
    expect(formatNok(199700)).toBe('1 997,00 kr');
    expect(formatNok(49900)).toBe('499,00 kr');
    expect(formatNok(1)).toBe('0,01 kr');
    expect(formatNok(123456789)).toBe('1 234 567,89 kr');
  });

  it('finds the 25 % MVA inside an amount that includes it', () => {
    expect(mvaOf(199700)).toBe(39940);
    expect(mvaOf(499700)).toBe(99940);
    expect(mvaOf(0)).toBe(0);
  });

  it('escapes HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('hides one-time tokens in the text shown to the admin panel', () => {
    expect(hideTokens('Gå til https://x.no/auto-login?token=abc_DEF-123&next=/account/settings nå')).toBe(
      'Gå til https://x.no/auto-login?token=[skjult]&next=/account/settings nå',
    );
    expect(hideTokens('https://x.no/tilbakestill-passord?token=Zz9')).toBe('https://x.no/tilbakestill-passord?token=[skjult]');
    expect(hideTokens('Gå til https://x.no/auto-login#token=abc_DEF-123&next=/account/settings nå')).toBe(
      'Gå til https://x.no/auto-login#token=[skjult]&next=/account/settings nå',
    );
    expect(hideTokens('https://x.no/tilbakestill-passord#token=Zz9')).toBe('https://x.no/tilbakestill-passord#token=[skjult]');
  });
});

describe('message templates', () => {
  const paidAt = new Date('2026-01-31T23:30:00Z'); // 1 February 00:30 in Oslo
  const receiptDoc = {
    number: 17,
    issuedAt: paidAt,
    description: 'Nettkurs «Foundation», ordre 42',
    amountExclVatOre: 159760,
    vatOre: 39940,
    vatRatePercent: 25,
    totalOre: 199700,
    seller: { name: 'Eksempel Trading AS', orgNrText: 'Org.nr. 923 456 789 MVA', address: 'Storgata 1, 0155 Oslo' },
  };
  const receipt = receiptMail(brand, {
    receipt: receiptDoc,
    receiptUrl: 'https://www.example.no/kvittering/42',
    orderId: 42,
    courseTitle: 'Foundation',
    amountOre: 199700,
    paidAt,
    paymentMethod: 'card',
    firstName: 'Kari',
    signInUrl: 'https://www.example.no/auto-login?token=t0k3n&next=/account/settings',
    loginUrl: 'https://www.example.no/login',
  });

  it('receipt: the same facts in the text and the HTML, the date in Oslo time, the guarantee end date', () => {
    expect(receipt.subject).toBe('Kvittering nr. 17: Foundation (ordre 42)');
    for (const part of [receipt.text, receipt.html]) {
      expect(part).toContain('1 997,00 kr');
      expect(part).toContain('399,40 kr');
      expect(part).toContain('1. februar 2026 kl. 00:30');
      expect(part).toContain('3. mars 2026');
      expect(part).toContain('hjelp@example.no');
    }
    expect(receipt.text).toContain('https://www.example.no/auto-login?token=t0k3n&next=/account/settings');
    expect(receipt.html).toContain('href="https://www.example.no/auto-login?token=t0k3n&amp;next=/account/settings"');
  });

  it('receipt and credit note: seller with org nr and MVA, number, description, amount excl. MVA, MVA and rate, total', () => {
    // The HTML breaks long words at their joints with soft hyphens (a 320 px screen).
    for (const part of [receipt.text, receipt.html.replaceAll('&shy;', '')]) {
      for (const fact of [
        'Eksempel Trading AS',
        '923 456 789 MVA',
        'Storgata 1, 0155 Oslo',
        'Kvitteringsnummer',
        'Nettkurs «Foundation», ordre 42',
        '1 597,60 kr',
        'MVA 25 %',
        '399,40 kr',
        'https://www.example.no/kvittering/42',
      ])
        expect(part).toContain(fact);
      // One label: "Org.nr." (not "Organisasjonsnummer: Org.nr. …").
      expect(part).not.toContain('Organisasjonsnummer');
    }
    expect(receipt.text).toMatch(/^Org\.nr\.:\s+923 456 789 MVA$/m);
    const note = refundMail(brand, {
      creditNote: { ...receiptDoc, number: 18, refersToNumber: 17, description: 'Kreditnota for kvittering nr. 17' },
      receiptUrl: 'https://www.example.no/kvittering/42',
      orderId: 42,
      courseTitle: 'Foundation',
      amountOre: 199700,
      accessEnded: true,
      refundedAt: paidAt,
    });
    expect(note.subject).toBe('Refusjon og kreditnota nr. 18: Foundation (ordre 42)');
    for (const fact of ['Kreditnotanummer', 'Gjelder kvittering nr.', '923 456 789 MVA', '-1 997,00 kr', '-399,40 kr'])
      expect(note.text).toContain(fact);
  });

  it('escapes the site name in HTML and keeps it plain in the text', () => {
    expect(receipt.html).toContain('Trading &lt;Akademiet&gt;');
    expect(receipt.html).not.toContain('Trading <Akademiet>');
    expect(receipt.text).toContain('Hilsen Trading <Akademiet>');
  });

  it('without a one-time link the receipt points to the login page', () => {
    const r = receiptMail(brand, {
      receipt: null,
      receiptUrl: 'https://www.example.no/kvittering/7',
      orderId: 7,
      courseTitle: 'Accelerator',
      amountOre: 499700,
      paidAt,
      paymentMethod: 'vipps',
      firstName: null,
      signInUrl: null,
      loginUrl: 'https://www.example.no/login',
    });
    expect(r.text).toContain('Takk for kjøpet!');
    expect(r.text).not.toContain('auto-login');
    expect(r.text).toContain('https://www.example.no/login');
  });

  it('welcome carries the unsubscribe link; the reset and refund mails do not', () => {
    const w = welcomeMail(brand, {
      signInUrl: 'https://s',
      courseUrl: 'https://c',
      unsubscribeUrl: 'https://www.example.no/api/unsubscribe?x',
    });
    expect(w.text).toContain('Meld deg av her: https://www.example.no/api/unsubscribe?x');
    expect(w.html).toContain('Meld deg av</a>');
    const reset = resetPasswordMail(brand, { email: 'a@b.no', resetUrl: 'https://r' });
    const refund = refundMail(brand, {
      creditNote: null,
      receiptUrl: 'https://www.example.no/kvittering/1',
      orderId: 1,
      courseTitle: 'Foundation',
      amountOre: 100,
      accessEnded: true,
      refundedAt: paidAt,
    });
    for (const m of [reset, refund]) expect(m.text).not.toContain('Meld deg av');
    expect(refund.text).toContain('Tilgangen din til Foundation er avsluttet.');
  });
});

describe('mail settings in the environment', () => {
  it('defaults: poll every 2 s, 8 attempts from 30 s; a random APP_SECRET per process outside production', () => {
    const a = parseEnv({});
    const b = parseEnv({});
    expect(a).toMatchObject({ mailPollIntervalMs: 2000, mailMaxAttempts: 8, mailRetryBaseSeconds: 30, appSecretEphemeral: true });
    expect(a.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(a.appSecret).not.toBe(b.appSecret);
    expect(parseEnv({ APP_SECRET: 'x'.repeat(32) })).toMatchObject({ appSecret: 'x'.repeat(32), appSecretEphemeral: false });
  });

  it.each([
    [{ APP_SECRET: 'kort' }, 'APP_SECRET'],
    [{ NODE_ENV: 'production', MAIL_DISABLED: 'true' }, 'APP_SECRET'],
    [{ MAIL_POLL_INTERVAL_MS: '-1' }, 'MAIL_POLL_INTERVAL_MS'],
    [{ MAIL_MAX_ATTEMPTS: '0' }, 'MAIL_MAX_ATTEMPTS'],
    [{ MAIL_RETRY_BASE_SECONDS: 'snart' }, 'MAIL_RETRY_BASE_SECONDS'],
    [{ PASSWORD_RESET_LIMIT_PER_ADDRESS: '0' }, 'PASSWORD_RESET_LIMIT_PER_ADDRESS'],
  ])('stops on %j naming %s', (env, name) => {
    let err: unknown;
    try {
      parseEnv(env as Record<string, string>);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).problems.some((p) => p.startsWith(name))).toBe(true);
  });
});
