import type { DataSource, EntityManager } from 'typeorm';
import { parseEnv } from '../platform/config/env.schema';
import { openMemoryDatabase } from '../platform/database/testing/memory-database';
import { CATALOG_SEED } from './catalog.data';
import { LaunchSeat } from './entities/launch-seat.entity';
import { hasLaunch, LaunchSeatsService, priceWith } from './launch-seats.service';

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
    // A product with a before-price that the checkout does not sell (as VIP was before it was sold).
    const unsold = { ...item('vip'), soldByCheckout: false };
    expect(hasLaunch(item('starter'))).toBe(false);
    expect(hasLaunch(unsold)).toBe(false);
    expect(priceWith(item('starter'), 500, 100)).toEqual({
      priceOre: 0,
      beforePriceOre: null,
      discountOre: 0,
      launchSeatsLeft: null,
    });
    expect(priceWith(unsold, 500, 100)).toEqual({
      priceOre: 500000,
      beforePriceOre: 750000,
      discountOre: 250000,
      launchSeatsLeft: null,
    });
  });

  it('VIP, sold by checkout, has the launch price like the courses: 5 000 kr, then 7 500 kr', () => {
    expect(hasLaunch(item('vip'))).toBe(true);
    expect(priceWith(item('vip'), 99, 100)).toEqual({
      priceOre: 500000,
      beforePriceOre: 750000,
      discountOre: 250000,
      launchSeatsLeft: 1,
    });
    expect(priceWith(item('vip'), 100, 100)).toEqual({
      priceOre: 750000,
      beforePriceOre: null,
      discountOre: 0,
      launchSeatsLeft: 0,
    });
  });
});

describe('launch seats taken and given back (LAUNCH_SEATS=2)', () => {
  let ds: DataSource;
  let seats: LaunchSeatsService;
  const DAY = 24 * 3600_000;
  const paid = new Date('2026-06-01T10:00:00Z');
  const order = (id: number, userId: number, courseId = 'foundation') => ({ id, userId, courseId, paidAt: paid });

  beforeAll(async () => {
    ds = await openMemoryDatabase();
    seats = new LaunchSeatsService(ds.getRepository(LaunchSeat), { ...parseEnv({ NODE_ENV: 'test' }), launchSeats: 2 });
  });
  afterAll(() => ds.destroy());

  const inTx = <T>(fn: (m: EntityManager) => Promise<T>) => ds.transaction(fn);

  it('a full refund within the guarantee gives the seat back while the launch price runs; not after 30 days', async () => {
    expect(await inTx((m) => seats.take(m, 'foundation', 1, 101, paid))).toBe(true);
    expect(await seats.taken('foundation')).toBe(1);
    expect(await inTx((m) => seats.release(m, order(101, 1), new Date(paid.getTime() + 29 * DAY)))).toBe(true);
    expect(await seats.taken('foundation')).toBe(0);

    await inTx((m) => seats.take(m, 'foundation', 1, 102, paid));
    expect(await inTx((m) => seats.release(m, order(102, 1), new Date(paid.getTime() + 31 * DAY)))).toBe(false);
    expect(await seats.taken('foundation')).toBe(1);
    // Only the order that took the seat gives it back.
    expect(await inTx((m) => seats.release(m, order(999, 1), paid))).toBe(false);
  });

  it('once every seat was taken the launch price has ended for good, whatever is refunded', async () => {
    await inTx((m) => seats.take(m, 'foundation', 2, 201, paid));
    expect(await seats.priceNow(item('foundation'))).toMatchObject({ priceOre: 299700, launchSeatsLeft: 0 });
    expect(await inTx((m) => seats.release(m, order(201, 2), paid))).toBe(false);
    expect(await seats.taken('foundation')).toBe(2);
    // Even a seat removed by other means does not bring it back.
    await ds.getRepository(LaunchSeat).delete({ courseId: 'foundation' });
    expect(await seats.priceNow(item('foundation'))).toMatchObject({
      priceOre: 299700,
      beforePriceOre: null,
      launchSeatsLeft: 0,
    });
    expect((await seats.takenByCourse()).get('foundation')).toBe(2);
    // Another course is untouched.
    expect(await seats.priceNow(item('accelerator'))).toMatchObject({ priceOre: 499700, launchSeatsLeft: 2 });
  });
});
