import { normalizeEmail, normalizeEmailAddress } from './email-address';

describe('normalizeEmailAddress', () => {
  it.each([
    ['ola@gmail.com', 'ola@gmail.com'],
    ['  OLA@GMAIL.COM \t', 'ola@gmail.com'],
    // Full-width letters and at-sign (NFKC).
    ['ｏｌａ@gmail.com', 'ola@gmail.com'],
    ['ＯＬＡ＠ＧＭＡＩＬ．ＣＯＭ', 'ola@gmail.com'],
    // Compatibility characters in the domain are mapped by IDNA.
    ['ola@Ⓖmail.com', 'ola@gmail.com'],
    ['ola@gmail。com', 'ola@gmail.com'],
    // A domain with an umlaut is another domain, written in ASCII.
    ['ola@gmäil.com', 'ola@xn--gmil-moa.com'],
    ['OLA@GMÄIL.COM', 'ola@xn--gmil-moa.com'],
    ['ola@xn--gmil-moa.com', 'ola@xn--gmil-moa.com'],
    ['kari@bücher.example', 'kari@xn--bcher-kva.example'],
    // ß is kept (non-transitional IDNA): straße.de is not strasse.de.
    ['ola@straße.de', 'ola@xn--strae-oqa.de'],
    ['ola@STRASSE.de', 'ola@strasse.de'],
    // The local part is lower-cased but not folded: ß and ss stay two addresses.
    ['Straße@example.no', 'straße@example.no'],
    ['STRASSE@example.no', 'strasse@example.no'],
    ['øyvind.ærlig@example.no', 'øyvind.ærlig@example.no'],
    ['ØYVIND@EXAMPLE.NO', 'øyvind@example.no'],
    // Decomposed å (a + combining ring) and the precomposed one are the same address.
    ['a\u030Asa@example.no', 'åsa@example.no'],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeEmailAddress(raw)).toBe(expected);
  });

  it.each([
    [''],
    ['   '],
    ['ola'],
    ['@gmail.com'],
    ['ola@'],
    ['ola@localhost'],
    ['ola@gmail..com'],
    ['ola@-gmail.com'],
    ['ola@gmail-.com'],
    ['ola@gm_ail.com'],
    ['ola@gmail.com.'],
    ['ola@exa mple.com'],
    ['ola@1.2.3.4'],
    ['ola@xn--zz.com'],
    ['o la@gmail.com'],
    ['ola\u0000@gmail.com'],
    ['ola\u200B@gmail.com'],
    [`${'a'.repeat(65)}@example.no`],
    [`ola@${'a'.repeat(64)}.no`],
    [`${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(60)}.no`],
  ])('rejects %j', (raw) => {
    expect(normalizeEmailAddress(raw)).toBeNull();
  });

  it('rejects what is not text', () => {
    for (const raw of [undefined, null, 42, {}, ['ola@gmail.com']]) expect(normalizeEmailAddress(raw)).toBeNull();
  });

  it('answers a repeated address the same as the first time, and other spellings afresh', () => {
    const first = normalizeEmailAddress('ＯＬＡ@Gmail.com');
    expect(first).toBe('ola@gmail.com');
    expect(normalizeEmailAddress(first)).toBe('ola@gmail.com');
    expect(normalizeEmailAddress('OLA@gmail.com')).toBe('ola@gmail.com');
    expect(normalizeEmailAddress('ola@gmail')).toBeNull();
    expect(normalizeEmailAddress('ola@gmail')).toBeNull();
    expect(normalizeEmailAddress('kari@gmäil.com')).toBe('kari@xn--gmil-moa.com');
  });

  it('is stable: a normalised address normalises to itself', () => {
    for (const raw of [
      'ｏｌａ@gmail.com',
      'OLA@GMÄIL.COM',
      'Straße@straße.de',
      'İSTANBUL@example.no',
      'ǅ@example.no',
      'ﬃ@example.no',
    ]) {
      const once = normalizeEmailAddress(raw);
      expect(once).not.toBeNull();
      expect(normalizeEmailAddress(once)).toBe(once);
    }
  });

  it('accepts up to 254 characters after normalisation and not one more', () => {
    const domain = `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.no`; // 189 characters
    const fits = `${'a'.repeat(254 - 1 - domain.length)}@${domain}`;
    expect(fits.length).toBe(254);
    expect(normalizeEmailAddress(fits)).toBe(fits);
    expect(normalizeEmailAddress(fits.replace('.no', 'd.no'))).toBeNull();
    // IDNA makes the domain longer: typed short, too long once written in ASCII.
    const label = '日本語の例です漢字テスト日本語の例'; // 17 characters, 51 in ASCII
    const grows = `${'a'.repeat(50)}@${[label, label, label, label].join('.')}.no`;
    expect(grows.length).toBeLessThan(130);
    expect(normalizeEmailAddress(grows)).toBeNull();
  });
});

describe('normalizeEmail (lookup key)', () => {
  it('is the normalised address when there is one', () => {
    expect(normalizeEmail('ＯＬＡ@gmail.com')).toBe('ola@gmail.com');
  });

  it('keeps text that cannot be normalised as one key for every spelling of it', () => {
    expect(normalizeEmail(' ＯＬＡ ')).toBe('ola');
    expect(normalizeEmail('ola')).toBe('ola');
  });
});
