import { describe, expect, it } from 'vitest';
import {
  activityText,
  contractorWithdrew,
  formatEventDate,
  updatedSinceSent,
} from './activity-model';

describe('the owner’s activity list', () => {
  it('dates events as MMM Do YYYY, h:mm A', () => {
    expect(formatEventDate(new Date(2026, 10, 24, 15, 5).getTime())).toBe('Nov 24th 2026, 3:05 PM');
    expect(formatEventDate(new Date(2026, 0, 1, 9, 0).getTime())).toBe('Jan 1st 2026, 9:00 AM');
  });

  it('says what happened and who did it', () => {
    const at = 0;
    expect(activityText({ kind: 'created', at, by: 'Casey' })).toBe('Created');
    expect(activityText({ kind: 'sent', at, by: 'Casey', to: 'hana@example.com' })).toBe(
      'Sent to hana@example.com',
    );
    expect(activityText({ kind: 'opened', at, by: 'Hana' })).toBe('Opened by Hana');
    expect(activityText({ kind: 'signed', at, by: 'Hana', role: 'homeowner' })).toBe(
      'Signed by Hana (the homeowner)',
    );
    expect(activityText({ kind: 'signed', at, by: '', role: 'contractor' })).toBe(
      'Signed by the contractor',
    );
    expect(activityText({ kind: 'signature_withdrawn', at, by: 'Casey', role: 'contractor' })).toBe(
      'Signature of the contractor withdrawn by an edit',
    );
    expect(activityText({ kind: 'archived', at, by: 'Casey' })).toBe('Archived');
  });

  it.each([
    ['Casey', 'contractor', 'Edited by Casey (the contractor)'],
    ['  ', 'contractor', 'Edited by the contractor'],
    ['Casey', undefined, 'Edited by Casey'],
  ] as const)('says who edited after sending, as it says who signed (%j, %s)', (by, role, text) => {
    expect(activityText({ kind: 'edited', at: 0, by, ...(role ? { role } : {}) })).toBe(text);
  });

  it.each([
    [
      { by: 'Dora Designer', product: 'Chrome Faucet' },
      'Kitchen faucet: Chrome Faucet chosen by Dora Designer',
    ],
    [
      { by: 'Hana Ng', role: 'homeowner', product: 'Black Faucet' },
      'Kitchen faucet: Black Faucet chosen by Hana Ng (the homeowner)',
    ],
    [
      { by: 'Casey', role: 'contractor' },
      'Kitchen faucet: choice withdrawn by Casey (the contractor)',
    ],
  ] as const)('says whose choice changed an item, and to what (decision 0091)', (e, text) => {
    expect(activityText({ kind: 'chosen', at: 0, item: 'Kitchen faucet', ...e })).toBe(text);
  });

  it('tells the homeowner of an edit only when it came after the last send', () => {
    const events = {
      created: 1,
      sent: null,
      edited: null,
      signedByContractor: null,
      signedByHomeowner: null,
    };
    expect(updatedSinceSent(events)).toBeNull();
    // Edited before sending: what they were sent is what they read.
    expect(updatedSinceSent({ ...events, edited: 2, sent: 3 })).toBeNull();
    expect(updatedSinceSent({ ...events, sent: 3 })).toBeNull();
    expect(updatedSinceSent({ ...events, sent: 3, edited: 4 })).toBe(4);
  });

  it('knows when the contractor’s signature was withdrawn', () => {
    expect(contractorWithdrew(undefined)).toBe(false);
    expect(contractorWithdrew([{ kind: 'signed', at: 0, by: '', role: 'contractor' }])).toBe(false);
    expect(
      contractorWithdrew([{ kind: 'signature_withdrawn', at: 0, by: '', role: 'contractor' }]),
    ).toBe(true);
  });
});
