import { newCertificateCode, normaliseCertificateCode } from './certificate-code';

describe('certificate codes', () => {
  it('are 16 symbols of Crockford base 32 in four groups, and differ every time', () => {
    const codes = new Set(Array.from({ length: 500 }, () => newCertificateCode()));
    expect(codes.size).toBe(500);
    for (const c of codes) expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
  });

  it('are read as typed: any case, blanks around, O as 0 and I/L as 1; anything else is no code', () => {
    expect(normaliseCertificateCode(' abcd-efgh-jkmn-pq01 ')).toBe('ABCD-EFGH-JKMN-PQ01');
    expect(normaliseCertificateCode('OOOO-IIII-LLLL-0000')).toBe('0000-1111-1111-0000');
    for (const bad of ['', 'ABCD', 'ABCD-EFGH-JKMN-PQRS-TVWX', 'ABCD_EFGH_JKMN_PQRS', 42, null, 'x'.repeat(100)])
      expect(normaliseCertificateCode(bad)).toBeNull();
  });
});
