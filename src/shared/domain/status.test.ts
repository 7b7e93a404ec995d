import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ProposalEvents } from '../schemas/proposal';
import { formatDate, isResend, shoppingPercent, statusLabel, statusText } from './status';

const day = (d: number) => new Date(2026, 10, d, 12).getTime();
const events = (overrides: Partial<ProposalEvents> = {}): ProposalEvents => ({
  created: day(1),
  sent: null,
  edited: null,
  signedByContractor: null,
  signedByHomeowner: null,
  ...overrides,
});

describe('statusLabel', () => {
  it('is Created with the created date until sent', () => {
    expect(statusLabel(events())).toEqual({ label: 'Created', date: day(1) });
    expect(statusLabel(events({ edited: day(2) }))).toEqual({ label: 'Created', date: day(1) });
  });

  it('is Sent with the sent date once sent', () => {
    expect(statusLabel(events({ sent: day(3) }))).toEqual({ label: 'Sent', date: day(3) });
  });

  it('stays Sent while only one side has signed', () => {
    expect(statusLabel(events({ sent: day(3), signedByContractor: day(4) }))).toEqual({
      label: 'Sent',
      date: day(3),
    });
    expect(statusLabel(events({ sent: day(3), signedByHomeowner: day(5) }))).toEqual({
      label: 'Sent',
      date: day(3),
    });
  });

  it('stays Created when one side signed an unsent proposal', () => {
    expect(statusLabel(events({ signedByHomeowner: day(5) }))).toEqual({
      label: 'Created',
      date: day(1),
    });
  });

  it('is Signed with the later signing date when both have signed', () => {
    const both = { sent: day(3), signedByContractor: day(4), signedByHomeowner: day(6) };
    expect(statusLabel(events(both))).toEqual({ label: 'Signed', date: day(6) });
    expect(
      statusLabel(events({ ...both, signedByContractor: day(9), signedByHomeowner: day(6) })),
    ).toEqual({ label: 'Signed', date: day(9) });
  });

  it('always dates the label with one of the events', () => {
    const time = fc.option(fc.integer({ min: 0, max: 4e12 }), { nil: null });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4e12 }),
        time,
        time,
        time,
        time,
        (created, sent, edited, signedByContractor, signedByHomeowner) => {
          const e = { created, sent, edited, signedByContractor, signedByHomeowner };
          const { label, date } = statusLabel(e);
          const expected = {
            Created: created,
            Sent: sent,
            Signed: Math.max(signedByContractor ?? 0, signedByHomeowner ?? 0),
          }[label];
          expect(date).toBe(expected);
          expect(label === 'Signed').toBe(
            signedByContractor !== null && signedByHomeowner !== null,
          );
        },
      ),
    );
  });
});

describe('isResend', () => {
  it.each([
    [events(), false],
    [events({ edited: day(2) }), false],
    [events({ sent: day(3) }), false],
    [events({ sent: day(3), edited: day(2) }), false],
    [events({ sent: day(3), edited: day(3) }), false],
    [events({ sent: day(3), edited: day(4) }), true],
  ])('%j → %s', (e, expected) => {
    expect(isResend(e)).toBe(expected);
  });
});

describe('shoppingPercent', () => {
  const item = (selection: boolean, optionCount: number) => ({ selection, optionCount });

  it('is null without selection items', () => {
    expect(shoppingPercent([])).toBeNull();
    expect(shoppingPercent([item(false, 3)])).toBeNull();
  });

  it.each([
    [[item(true, 0)], 0],
    [[item(true, 1)], 100],
    [[item(true, 2), item(true, 0)], 50],
    [[item(true, 1), item(true, 0), item(true, 0)], 34],
    [[item(true, 1), item(true, 1), item(true, 0)], 67],
    [[item(true, 1), item(false, 0), item(false, 0)], 100],
    [[...Array.from({ length: 199 }, () => item(true, 1)), item(true, 0)], 100],
    [[item(true, 1), ...Array.from({ length: 199 }, () => item(true, 0))], 1],
  ])('%#: %i%%', (items, expected) => {
    expect(shoppingPercent(items)).toBe(expected);
  });

  it('rounds up, within 0..100', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ selection: fc.boolean(), optionCount: fc.nat(5) }), { minLength: 1 }),
        (items) => {
          const n = items.filter((i) => i.selection).length;
          const k = items.filter((i) => i.selection && i.optionCount > 0).length;
          const percent = shoppingPercent(items);
          if (n === 0) {
            expect(percent).toBeNull();
          } else {
            expect(Number.isInteger(percent)).toBe(true);
            expect(percent! * n).toBeGreaterThanOrEqual(100 * k);
            expect((percent! - 1) * n).toBeLessThan(100 * k);
          }
        },
      ),
    );
  });
});

describe('formatDate and statusText', () => {
  it('writes MMM D, YYYY', () => {
    expect(formatDate(new Date(2026, 10, 3, 15, 30).getTime())).toBe('Nov 3, 2026');
    expect(formatDate(new Date(2027, 0, 21).getTime())).toBe('Jan 21, 2027');
  });

  it('joins the label and the date', () => {
    expect(statusText(events({ sent: day(3) }))).toBe('Sent Nov 3, 2026');
    expect(statusText(events())).toBe('Created Nov 1, 2026');
    expect(
      statusText(events({ sent: day(3), signedByContractor: day(4), signedByHomeowner: day(5) })),
    ).toBe('Signed Nov 5, 2026');
  });
});
