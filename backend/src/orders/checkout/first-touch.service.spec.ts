import { attributionColumns } from '../../platform/dto/attribution.dto';
import { FirstTouchService } from './first-touch.service';

/** An account whose attribution is stored with every field unknown. */
const none = attributionColumns(null);

describe('FirstTouchService: one attribution per person', () => {
  it("the account's first touch wins over the lead's and the browser's", async () => {
    const s = new FirstTouchService({ firstTouchOf: () => Promise.resolve({ trafficSource: 'C' }) });
    const account = { attribution: { ...none, trafficSource: 'B', landingPath: '/b' } };
    expect(await s.forBuyer('a@example.no', account, { trafficSource: 'D' })).toEqual({ trafficSource: 'B', landingPath: '/b' });
  });

  it("without an account's own, the earliest lead's; only for someone unseen, what the browser sent", async () => {
    const lookup = jest.fn((email: string) =>
      Promise.resolve(email === 'lead@example.no' ? { trafficSource: 'A' as const } : null),
    );
    const s = new FirstTouchService({ firstTouchOf: lookup });
    expect(await s.forBuyer('lead@example.no', { attribution: none }, { trafficSource: 'D' })).toEqual({ trafficSource: 'A' });
    expect(await s.forBuyer('ny@example.no', null, { trafficSource: 'D', utmSource: '' })).toEqual({ trafficSource: 'D' });
    expect(await s.forBuyer('ny@example.no', null, undefined)).toBeNull();
    expect(lookup).toHaveBeenCalledWith('lead@example.no');
  });

  it('an address without a lead: the browser value is used', async () => {
    expect(
      await new FirstTouchService({ firstTouchOf: () => Promise.resolve(null) }).forBuyer('x@example.no', null, {
        trafficSource: 'B',
      }),
    ).toEqual({ trafficSource: 'B' });
  });
});
