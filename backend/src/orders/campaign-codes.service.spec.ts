import { MIN_DISCOUNTED_PRICE_ORE } from '@academy/contracts';
import { discountFor } from './campaign-codes.service';

describe("a campaign code's discount (discountFor)", () => {
  it('percent of the current price, rounded to whole øre', () => {
    expect(discountFor({ percentOff: 25, amountOffOre: null }, 199700)).toBe(49925);
    expect(discountFor({ percentOff: 33, amountOffOre: null }, 199700)).toBe(65901);
  });
  it('an amount off', () => {
    expect(discountFor({ percentOff: null, amountOffOre: 50000 }, 199700)).toBe(50000);
  });
  it('never takes the price below the minimum charge (3 kr): a code never makes a course free', () => {
    expect(MIN_DISCOUNTED_PRICE_ORE).toBe(300);
    expect(discountFor({ percentOff: 100, amountOffOre: null }, 199700)).toBe(199400);
    expect(discountFor({ percentOff: null, amountOffOre: 10_000_000 }, 499700)).toBe(499400);
    expect(discountFor({ percentOff: null, amountOffOre: 1000 }, 200)).toBe(0);
  });
});
