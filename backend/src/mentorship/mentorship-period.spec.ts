import { addMonths, daysLeft, periodEnd, reminderDue } from './mentorship-period';

const d = (s: string) => new Date(s);

describe('mentorship period arithmetic', () => {
  it('adds calendar months, a missing day becoming the month’s last', () => {
    expect(addMonths(d('2026-01-10T09:00:00Z'), 3).toISOString()).toBe('2026-04-10T09:00:00.000Z');
    expect(addMonths(d('2026-11-30T12:00:00Z'), 3).toISOString()).toBe('2027-02-28T12:00:00.000Z');
    expect(addMonths(d('2027-11-30T12:00:00Z'), 3).toISOString()).toBe('2028-02-29T12:00:00.000Z');
  });

  it('the admin’s end wins; without one the course length counts; no length, no period', () => {
    const grantedAt = d('2026-01-10T09:00:00Z');
    expect(periodEnd({ grantedAt, mentorshipEndsAt: null }, 3)?.toISOString()).toBe('2026-04-10T09:00:00.000Z');
    expect(periodEnd({ grantedAt, mentorshipEndsAt: d('2026-06-01T00:00:00Z') }, 3)?.toISOString()).toBe(
      '2026-06-01T00:00:00.000Z',
    );
    expect(periodEnd({ grantedAt, mentorshipEndsAt: null }, 0)).toBeNull();
  });

  it('counts days left up, and the reminder is due in the last 14 days only', () => {
    const end = d('2026-04-10T09:00:00Z');
    expect(daysLeft(end, d('2026-04-10T06:00:00Z'))).toBe(1);
    expect(daysLeft(end, d('2026-04-11T06:00:00Z'))).toBe(0);
    expect(reminderDue(end, d('2026-03-27T08:59:00Z'))).toBe(false);
    expect(reminderDue(end, d('2026-03-27T09:00:00Z'))).toBe(true);
    expect(reminderDue(end, d('2026-04-10T09:00:00Z'))).toBe(false);
  });
});
