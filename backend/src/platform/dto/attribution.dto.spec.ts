import { attributionColumns } from './attribution.dto';

const none = {
  trafficSource: null,
  landingPath: null,
  referrer: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
};

describe('attributionColumns: the one mapping of attribution (stored, shown in the panel, exported)', () => {
  it('gives every field, null when unknown', () => {
    expect(attributionColumns(null)).toEqual(none);
    expect(attributionColumns(undefined)).toEqual(none);
    expect(attributionColumns({ utmSource: 'nyhetsbrev' })).toEqual({ ...none, utmSource: 'nyhetsbrev' });
  });

  it('reads what the browser sent and what is stored alike, and nothing else', () => {
    const stored = { ...none, trafficSource: 'B', landingPath: '/b', referrer: 'https://www.google.com/' };
    expect(attributionColumns(stored)).toEqual(stored);
    expect(attributionColumns({ ...stored, extra: 'x' } as typeof stored)).toEqual(stored);
  });

  it('falls back to the given variant only when the attribution has none', () => {
    expect(attributionColumns({ landingPath: '/' }, 'starter')).toEqual({ ...none, landingPath: '/', trafficSource: 'starter' });
    expect(attributionColumns({ trafficSource: 'A' }, 'starter').trafficSource).toBe('A');
  });
});
