import { firstTouchAttribution, leadDestination } from '@academy/contracts';

describe('the lead form rules in contracts (server and storefront share them)', () => {
  it('sends a course sold at the checkout there, anything else to the Starter player', () => {
    expect(leadDestination('foundation', 'ola+1@example.no')).toBe('/bestill?course=foundation&email=ola%2B1%40example.no');
    expect(leadDestination('accelerator', 'a@b.no')).toBe('/bestill?course=accelerator&email=a%40b.no');
    expect(leadDestination('temakurs', 'a@b.no')).toBe('/bestill?course=temakurs&email=a%40b.no');
    expect(leadDestination('vip', 'a@b.no')).toBe('/bestill?course=vip&email=a%40b.no');
    for (const c of ['starter', 'kryptovaluta']) expect(leadDestination(c, 'a@b.no')).toBe('/course/starter?email=a%40b.no');
  });

  it("the visit's first touch wins over the page's own variant and UTM parameters", () => {
    expect(
      firstTouchAttribution({
        attribution: { trafficSource: 'A', utmSource: 'google', landingPath: '/a' },
        trafficSource: 'B',
        utm: { source: 'facebook', medium: 'cpc' },
      }),
    ).toEqual({ trafficSource: 'A', utmSource: 'google', utmMedium: 'cpc', landingPath: '/a' });
  });

  it("the page's own values count where the visit knows nothing", () => {
    const a = firstTouchAttribution({ trafficSource: 'C', utm: { campaign: 'host' } });
    expect(a).toEqual({ trafficSource: 'C', utmCampaign: 'host' });
    expect(Object.values(firstTouchAttribution({})).filter((v) => v !== undefined)).toEqual([]);
  });
});
