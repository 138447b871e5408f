/**
 * Money in the admin panel (issue 22): the API counts øre, the mentor reads kroner with Norwegian
 * grouping. One formatter (admin/src/lib/money.ts) for every amount; a source ending in `Ore` must
 * be shown with it (ESLint rule in eslint.config.mjs). No server or browser needed.
 */
import { formatKr, krToOre, parseKr } from '../../admin/src/lib/money';

/** Intl writes a no-break space between groups; compare with plain spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('admin money', () => {
  it('shows øre as kroner, grouped in threes, øre only when there are any', () => {
    expect(plain(formatKr(199700))).toBe('1 997 kr');
    expect(plain(formatKr(149750))).toBe('1 497,50 kr');
    expect(plain(formatKr(149775))).toBe('1 497,75 kr');
    expect(plain(formatKr(50))).toBe('0,50 kr');
    expect(plain(formatKr(0))).toBe('0 kr');
    expect(plain(formatKr(123456789))).toBe('1 234 567,89 kr');
    expect(formatKr(null)).toBe('–');
    expect(formatKr(undefined)).toBe('–');
  });

  it('reads kroner as the mentor types them', () => {
    expect(parseKr('500')).toBe(50000);
    expect(parseKr('1 497,50')).toBe(149750);
    expect(parseKr('1\u00a0497,5 kr')).toBe(149750);
    expect(parseKr('499.99')).toBe(49999);
    expect(parseKr('4,999')).toBeNull();
    expect(parseKr('abc')).toBeNull();
    expect(krToOre(250)).toBe(25000);
  });
});
