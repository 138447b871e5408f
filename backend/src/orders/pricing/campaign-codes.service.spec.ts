import fc from 'fast-check';
import { CAMPAIGN_CODE_PATTERN, MIN_DISCOUNTED_PRICE_ORE, normalizeCampaignCode } from '@academy/contracts';
import { CATALOG_SEED } from '../../catalog/catalog.data';
import { discountFor } from './campaign-codes.service';

const kr = (n: number) => n * 100;

describe("a campaign code's discount (discountFor)", () => {
  it("a percentage leaves a whole-kroner price, rounded in the buyer's favour (25 % off 1 997 kr is 1 497 kr)", () => {
    expect(discountFor({ percentOff: 25, amountOffOre: null }, 199700)).toBe(50000);
    expect(199700 - discountFor({ percentOff: 25, amountOffOre: null }, 199700)).toBe(kr(1497));
    expect(199700 - discountFor({ percentOff: 33, amountOffOre: null }, 199700)).toBe(kr(1337));
    expect(discountFor({ percentOff: 50, amountOffOre: null }, 200000)).toBe(100000);
  });
  it('an amount off', () => {
    expect(discountFor({ percentOff: null, amountOffOre: 50000 }, 199700)).toBe(50000);
    // An amount in øre is rounded the same way: the buyer never pays a fraction of a krone.
    expect(199700 - discountFor({ percentOff: null, amountOffOre: 12345 }, 199700)).toBe(kr(1873));
  });
  it('never takes the price below the minimum charge (3 kr): a code never makes a course free', () => {
    expect(MIN_DISCOUNTED_PRICE_ORE).toBe(300);
    expect(discountFor({ percentOff: 100, amountOffOre: null }, 199700)).toBe(199400);
    expect(discountFor({ percentOff: null, amountOffOre: 10_000_000 }, 499700)).toBe(499400);
    expect(discountFor({ percentOff: null, amountOffOre: 1000 }, 200)).toBe(0);
  });

  it('property: for every code and every price a buyer can see, the charged price is whole kroner, never above the exact price, never below 3 kr', () => {
    const prices = [...new Set(CATALOG_SEED.flatMap((c) => [c.priceOre, c.beforePriceOre ?? c.priceOre]))].filter((p) => p > 0);
    const base = fc.oneof(fc.constantFrom(...prices), fc.integer({ min: 4, max: 100_000 }).map(kr));
    const code = fc.oneof(
      fc.integer({ min: 1, max: 100 }).map((percentOff) => ({ percentOff, amountOffOre: null })),
      fc.integer({ min: 100, max: 10_000_000 }).map((amountOffOre) => ({ percentOff: null, amountOffOre })),
    );
    fc.assert(
      fc.property(code, base, (c, b) => {
        const d = discountFor(c, b);
        const charged = b - d;
        const exact = c.percentOff !== null ? b - (b * c.percentOff) / 100 : b - c.amountOffOre!;
        expect(Number.isInteger(d)).toBe(true);
        expect(charged % 100).toBe(0);
        expect(charged).toBeGreaterThanOrEqual(MIN_DISCOUNTED_PRICE_ORE);
        expect(charged).toBeLessThanOrEqual(b);
        // In the buyer's favour, by less than one krone (unless the minimum charge holds it up).
        if (exact >= MIN_DISCOUNTED_PRICE_ORE) {
          expect(charged).toBeLessThanOrEqual(exact);
          expect(exact - charged).toBeLessThan(100);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('how a code is written', () => {
  it('Æ, Ø and Å are letters; the normal form is upper case, so æ and Æ are the same code', () => {
    for (const c of ['SOMMERÆØÅ', 'blåbær', 'Ørret-25', 'Å_2026']) expect(CAMPAIGN_CODE_PATTERN.test(c)).toBe(true);
    expect(normalizeCampaignCode(' blåbær ')).toBe('BLÅBÆR');
    expect(normalizeCampaignCode('æøå')).toBe(normalizeCampaignCode('ÆØÅ'));
    for (const c of ['ø', 'ab', 'ÆØ', 'sommer salg', 'kode!', 'ß-kode', 'é-kode'])
      expect(CAMPAIGN_CODE_PATTERN.test(c)).toBe(false);
  });
});
