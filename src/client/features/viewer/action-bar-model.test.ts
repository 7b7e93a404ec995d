import { describe, expect, it } from 'vitest';
import type { ProposalEvents } from '../../../shared/schemas/proposal';
import { actionBar, phoneLayout, SIGN_BEFORE_SEND, type ActionBarFacts } from './action-bar-model';

const day = (d: number) => new Date(2026, 10, d, 12).getTime();
const events = (overrides: Partial<ProposalEvents> = {}): ProposalEvents => ({
  created: day(1),
  sent: null,
  edited: null,
  signedByContractor: null,
  signedByHomeowner: null,
  ...overrides,
});
const facts = (overrides: Partial<ActionBarFacts> = {}): ActionBarFacts => ({
  role: 'owner',
  signedIn: true,
  events: events(),
  homeownerName: 'Sam Lee',
  contractorName: 'Dana Reyes',
  ...overrides,
});
/** Labels, disabled ones in brackets. */
const bar = (overrides: Partial<ActionBarFacts>) =>
  actionBar(facts(overrides)).map((a) => (a.enabled ? a.label : `[${a.label}]`));

describe('actionBar: contractor (owner)', () => {
  it('offers Send and a disabled Sign before sending', () => {
    expect(bar({})).toEqual(['Send', '[Sign]', 'PDF', 'Send Proposal']);
  });

  it('shows a disabled "Sent on {date}" after sending, and Sign becomes available', () => {
    expect(bar({ events: events({ sent: day(3) }) })).toEqual([
      '[Sent on Nov 3, 2026]',
      'Sign',
      'PDF',
      'Send Proposal',
    ]);
  });

  it('offers Send again once the homeowner it was sent to was removed, edited or not', () => {
    expect(bar({ events: events({ sent: day(3) }), homeownerGone: true })).toEqual([
      'Send',
      'Sign',
      'PDF',
      'Send Proposal',
    ]);
    expect(bar({ events: events({ sent: day(3), edited: day(4) }), homeownerGone: true })[0]).toBe(
      'Send',
    );
  });

  it('shows Sent on, not Resend, when edited before sending', () => {
    expect(bar({ events: events({ edited: day(2), sent: day(3) }) })[0]).toBe(
      '[Sent on Nov 3, 2026]',
    );
  });

  it('offers Resend when edited after sending', () => {
    expect(bar({ events: events({ sent: day(3), edited: day(4) }) })).toEqual([
      'Resend',
      'Sign',
      'PDF',
      'Send Proposal',
    ]);
  });

  it('never offers Resend once the homeowner has signed', () => {
    const e = events({ sent: day(3), edited: day(4), signedByHomeowner: day(5) });
    expect(bar({ events: e })).toEqual(['[Sent on Nov 3, 2026]', 'Sign', 'PDF', 'Send Proposal']);
  });

  it('offers no Send when the homeowner signed without a send on record', () => {
    expect(bar({ events: events({ signedByHomeowner: day(5) }) })).toEqual([
      '[Sign]',
      'PDF',
      'Send Proposal',
    ]);
  });

  it('awaits the homeowner, by name, once the contractor signed', () => {
    const e = events({ sent: day(3), signedByContractor: day(4) });
    expect(bar({ events: e })).toEqual([
      '[Sent on Nov 3, 2026]',
      '[Awaiting Sam Lee signature]',
      'PDF',
      'Send Proposal',
    ]);
  });

  it('awaits "homeowner" when the name is not known', () => {
    const e = events({ sent: day(3), signedByContractor: day(4) });
    expect(bar({ events: e, homeownerName: null })[1]).toBe('[Awaiting homeowner signature]');
    expect(bar({ events: e, homeownerName: '  ' })[1]).toBe('[Awaiting homeowner signature]');
  });

  it('reads Signed once both have signed', () => {
    const e = events({ sent: day(3), signedByContractor: day(4), signedByHomeowner: day(5) });
    expect(bar({ events: e })).toEqual([
      '[Sent on Nov 3, 2026]',
      '[Signed]',
      'PDF',
      'Send Proposal',
    ]);
  });

  it('lets the contractor sign after the homeowner did', () => {
    const e = events({ sent: day(3), signedByHomeowner: day(5) });
    expect(bar({ events: e })).toContain('Sign');
  });

  it('exports the exact alert text', () => {
    expect(SIGN_BEFORE_SEND).toBe('Before signing proposal - share it with the homeowner.');
  });
});

describe('actionBar: homeowner', () => {
  it('offers Sign until signed', () => {
    expect(bar({ role: 'homeowner', events: events({ sent: day(3) }) })).toEqual([
      'Sign',
      'PDF',
      'Send Proposal',
    ]);
  });

  it('awaits the contractor by name after signing', () => {
    const e = events({ sent: day(3), signedByHomeowner: day(4) });
    expect(bar({ role: 'homeowner', events: e })).toEqual([
      '[Awaiting Dana Reyes signature]',
      'PDF',
      'Send Proposal',
    ]);
    expect(bar({ role: 'homeowner', events: e, contractorName: '' })[0]).toBe(
      '[Awaiting contractor signature]',
    );
  });

  it('reads Signed once both have signed', () => {
    const e = events({ sent: day(3), signedByHomeowner: day(4), signedByContractor: day(5) });
    expect(bar({ role: 'homeowner', events: e })[0]).toBe('[Signed]');
  });

  it('never shows Send or Resend to a homeowner', () => {
    const e = events({ sent: day(3), edited: day(4) });
    const labels = bar({ role: 'homeowner', events: e });
    expect(labels).not.toContain('Send');
    expect(labels).not.toContain('Resend');
  });
});

describe('actionBar: everyone else', () => {
  it('gives an invited member PDF and Send Proposal, nothing to sign', () => {
    expect(bar({ role: 'invitee', events: events({ sent: day(3) }) })).toEqual([
      'PDF',
      'Send Proposal',
    ]);
  });

  it('gives a signed-in reader of a public proposal only Send Proposal', () => {
    expect(bar({ role: 'public' })).toEqual(['Send Proposal']);
  });

  it('gives a logged-out visitor only Send Proposal (§4: everyone)', () => {
    expect(bar({ role: 'public', signedIn: false })).toEqual(['Send Proposal']);
  });
});

describe('after an edit withdrew the contractor’s signature (decision 0009)', () => {
  it('offers Sign again', () => {
    const bar = actionBar({
      role: 'owner',
      signedIn: true,
      events: events({ sent: 2, edited: 3 }),
      homeownerName: null,
      contractorName: null,
      contractorWithdrew: true,
    });
    expect(bar.find((a) => a.id === 'sign')).toEqual({
      id: 'sign',
      label: 'Sign again',
      enabled: true,
    });
  });
});

describe('phoneLayout: one row on a phone (decision 0023)', () => {
  const layout = (overrides: Partial<ActionBarFacts>) => {
    const { row, more } = phoneLayout(actionBar(facts(overrides)));
    return { row: row.map((a) => a.label), more: more.map((a) => a.label) };
  };

  it('keeps the steps in the row and the utilities in More before sending', () => {
    expect(layout({})).toEqual({ row: ['Send', 'Sign'], more: ['PDF', 'Send Proposal'] });
  });

  it('moves the sent date into More while Sign is the step to take', () => {
    expect(layout({ events: events({ sent: day(3) }) })).toEqual({
      row: ['Sign'],
      more: ['Sent on Nov 3, 2026', 'PDF', 'Send Proposal'],
    });
  });

  it('keeps the latest fact in the row once nothing is left to do', () => {
    expect(layout({ events: events({ sent: day(3), signedByContractor: day(4) }) })).toEqual({
      row: ['Awaiting Sam Lee signature'],
      more: ['Sent on Nov 3, 2026', 'PDF', 'Send Proposal'],
    });
  });

  it('gives the homeowner Sign and a More menu', () => {
    expect(layout({ role: 'homeowner' })).toEqual({
      row: ['Sign'],
      more: ['PDF', 'Send Proposal'],
    });
  });

  it('keeps a bar of utilities whole', () => {
    expect(layout({ role: 'invitee' })).toEqual({ row: ['PDF', 'Send Proposal'], more: [] });
    expect(layout({ signedIn: false })).toEqual({ row: ['Send Proposal'], more: [] });
  });
});
