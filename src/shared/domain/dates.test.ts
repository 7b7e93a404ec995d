import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import { formatDay, formatMoment } from './dates';
import { DATE_FORMAT } from './status';

dayjs.extend(advancedFormat);

// From year 1000 to 9999, every day of the month and every hour.
const moments = fc.integer({ min: -30_610_224_000_000, max: 253_402_300_799_000 });

describe('dates as dayjs formats them', () => {
  it("formatDay is dayjs's DATE_FORMAT", () => {
    expect(formatDay(new Date(2026, 10, 3, 15, 5).getTime())).toBe('Nov 3, 2026');
    fc.assert(
      fc.property(moments, (ms) => {
        expect(formatDay(ms)).toBe(dayjs(ms).format(DATE_FORMAT));
      }),
      { numRuns: 2000 },
    );
  });

  it("formatMoment is dayjs's 'MMM Do YYYY, h:mm A'", () => {
    expect(formatMoment(new Date(2026, 10, 3, 15, 5).getTime())).toBe('Nov 3rd 2026, 3:05 PM');
    expect(formatMoment(new Date(2026, 0, 11, 0, 0).getTime())).toBe('Jan 11th 2026, 12:00 AM');
    expect(formatMoment(new Date(2026, 0, 22, 12, 30).getTime())).toBe('Jan 22nd 2026, 12:30 PM');
    fc.assert(
      fc.property(moments, (ms) => {
        expect(formatMoment(ms)).toBe(dayjs(ms).format('MMM Do YYYY, h:mm A'));
      }),
      { numRuns: 2000 },
    );
    for (let day = 1; day <= 31; day++) {
      const ms = new Date(2026, 0, day, 9, 7).getTime();
      expect(formatMoment(ms)).toBe(dayjs(ms).format('MMM Do YYYY, h:mm A'));
    }
  });
});
