import { dueAt } from './sequence-steps';
import { renderMarkdown, withUtm } from './marketing-mail';
import { variantsOf } from './marketing.listeners';

describe('sequence steps: when a step is due (Europe/Oslo)', () => {
  it('waits whole Oslo days, then sends at the local hour, also across the change to summer time', () => {
    // Saturday 28 March 2026, 23:30 Oslo (22:30 UTC): one day later at 09:00 is Sunday 29 March, summer time (UTC+2).
    expect(dueAt(new Date('2026-03-28T22:30:00Z'), { waitDays: 1, sendHour: 9 }).toISOString()).toBe('2026-03-29T07:00:00.000Z');
    // Winter: +1 h.
    expect(dueAt(new Date('2026-01-10T12:00:00Z'), { waitDays: 2, sendHour: 18 }).toISOString()).toBe('2026-01-12T17:00:00.000Z');
    // Back to winter time on 25 October 2026.
    expect(dueAt(new Date('2026-10-24T08:00:00Z'), { waitDays: 1, sendHour: 9 }).toISOString()).toBe('2026-10-25T08:00:00.000Z');
    // Late in the Oslo evening counts as that Oslo day (00:30 on the 11th in Oslo is the 10th in UTC).
    expect(dueAt(new Date('2026-02-10T23:30:00Z'), { waitDays: 1, sendHour: 9 }).toISOString()).toBe('2026-02-12T08:00:00.000Z');
  });

  it('0 days: at once', () => {
    const at = new Date('2026-05-01T10:00:00Z');
    expect(dueAt(at, { waitDays: 0, sendHour: 9 })).toEqual(at);
  });
});

describe('marketing bodies: Markdown, sanitised, with a plain-text twin and UTM', () => {
  it('typed HTML is shown as text; scripts, images and javascript: links never get through', () => {
    const { html, text } = renderMarkdown('Hei <b>du</b>\n\n<img src=x onerror=alert(1)>\n\n[klikk](javascript:alert(1))', null);
    expect(html).not.toMatch(/<img|<b>|href="javascript:/i);
    expect(html).not.toContain('<a');
    expect(html).toContain('&lt;b&gt;du&lt;/b&gt;');
    expect(text).toContain('Hei <b>du</b>');
  });

  it('links get UTM parameters when asked, keeping their own', () => {
    const utm = { source: 'nyhetsbrev', medium: 'email', campaign: 'utsendelse-1' };
    expect(withUtm('https://example.no/a?utm_source=egen', utm)).toBe(
      'https://example.no/a?utm_source=egen&utm_medium=email&utm_campaign=utsendelse-1',
    );
    expect(withUtm('mailto:a@b.no', utm)).toBe('mailto:a@b.no');
    const { text } = renderMarkdown('[Les](https://example.no/)', utm);
    expect(text).toBe('Les (https://example.no/?utm_source=nyhetsbrev&utm_medium=email&utm_campaign=utsendelse-1)');
  });

  it('a lead counts for its landing variant and for Starter', () => {
    expect(variantsOf({ courseType: 'starter', trafficSource: 'B' })).toEqual(['B', 'starter']);
    expect(variantsOf({ courseType: 'foundation', trafficSource: null })).toEqual([]);
  });
});
