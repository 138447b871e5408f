import { CATALOG_SEED } from './catalog.data';
import { hasLaunch, priceWith } from './launch-seats.service';

const item = (id: string) => CATALOG_SEED.find((c) => c.id === id)!;

describe('the launch price rule (priceWith)', () => {
  it('holds while seats are left, then the before-price is the price and no before-price is shown', () => {
    expect(priceWith(item('foundation'), 0, 100)).toEqual({
      priceOre: 199700,
      beforePriceOre: 299700,
      discountOre: 100000,
      launchSeatsLeft: 100,
    });
    expect(priceWith(item('foundation'), 99, 100)).toMatchObject({ priceOre: 199700, launchSeatsLeft: 1 });
    expect(priceWith(item('foundation'), 100, 100)).toEqual({
      priceOre: 299700,
      beforePriceOre: null,
      discountOre: 0,
      launchSeatsLeft: 0,
    });
    // Overshot within the grace: still the ordinary price, never a negative count.
    expect(priceWith(item('accelerator'), 103, 100)).toEqual({
      priceOre: 799700,
      beforePriceOre: null,
      discountOre: 0,
      launchSeatsLeft: 0,
    });
    // LAUNCH_SEATS=0: no launch price at all.
    expect(priceWith(item('accelerator'), 0, 0)).toMatchObject({ priceOre: 799700, beforePriceOre: null, launchSeatsLeft: 0 });
  });

  it('courses not sold by checkout keep their catalogue prices and have no seats', () => {
    expect(hasLaunch(item('starter'))).toBe(false);
    expect(hasLaunch(item('vip'))).toBe(false);
    expect(priceWith(item('starter'), 500, 100)).toEqual({
      priceOre: 0,
      beforePriceOre: null,
      discountOre: 0,
      launchSeatsLeft: null,
    });
    expect(priceWith(item('vip'), 500, 100)).toEqual({
      priceOre: 500000,
      beforePriceOre: 750000,
      discountOre: 250000,
      launchSeatsLeft: null,
    });
  });
});
