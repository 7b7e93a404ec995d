import { describe, expect, it } from 'vitest';
import type { ProposalEvents } from '../../../shared/schemas/proposal';
import { makeProposal } from '../viewer/proposal-factory';
import { signDecision } from './sign-access';

const events = (overrides: Partial<ProposalEvents> = {}): ProposalEvents => ({
  created: 1,
  sent: null,
  edited: null,
  signedByContractor: null,
  signedByHomeowner: null,
  ...overrides,
});
const owner = { role: 'owner' as const, canEdit: true };
const homeowner = { role: 'homeowner' as const, canEdit: false };

describe('signDecision', () => {
  it('lets the contractor sign once sent; closing returns to the proposal', () => {
    const p = makeProposal({ _id: 'p', access: owner, events: events({ sent: 2 }) });
    expect(signDecision(p, 'contractor')).toEqual({
      kind: 'sign',
      role: 'contractor',
      view: 'contractor',
      closeTo: '/proposal/p/',
    });
  });

  it('shows the contractor the alert before sending, then back to the proposal', () => {
    const p = makeProposal({ _id: 'p', access: owner, events: events() });
    expect(signDecision(p, 'contractor')).toEqual({
      kind: 'alert',
      message: 'Before signing proposal - share it with the homeowner.',
      view: 'contractor',
      backTo: '/proposal/p/',
    });
  });

  it('sends a contractor who already signed back to the proposal', () => {
    const p = makeProposal({
      _id: 'p',
      access: owner,
      events: events({ sent: 2, signedByContractor: 3 }),
    });
    expect(signDecision(p, 'contractor')).toEqual({ kind: 'redirect', to: '/proposal/p/' });
  });

  it('lets the homeowner sign; closing returns to the received view', () => {
    const p = makeProposal({ _id: 'p', access: homeowner, events: events({ sent: 2 }) });
    expect(signDecision(p, 'homeowner')).toEqual({
      kind: 'sign',
      role: 'homeowner',
      view: 'received',
      closeTo: '/proposal/received/p/',
    });
  });

  it('redirects a homeowner who already signed to the received view', () => {
    const p = makeProposal({
      _id: 'p',
      access: homeowner,
      events: events({ sent: 2, signedByHomeowner: 3 }),
    });
    expect(signDecision(p, 'homeowner')).toEqual({ kind: 'redirect', to: '/proposal/received/p/' });
  });

  it('lets invited members and public readers sign nothing', () => {
    const invitee = makeProposal({ _id: 'p', access: { role: 'invitee', canEdit: false } });
    expect(signDecision(invitee, 'homeowner')).toEqual({
      kind: 'redirect',
      to: '/proposal/received/p/',
    });
    const reader = makeProposal({ _id: 'p', access: { role: 'public', canEdit: false } });
    expect(signDecision(reader, 'contractor')).toEqual({ kind: 'redirect', to: '/proposal/p/' });
  });

  it("lets a contractor sign as the homeowner of another contractor's proposal (decision 0093)", () => {
    const p = makeProposal({ _id: 'p', access: homeowner, events: events({ sent: 2 }) });
    expect(signDecision(p, 'contractor')).toEqual({
      kind: 'sign',
      role: 'homeowner',
      view: 'received',
      closeTo: '/proposal/received/p/',
    });
  });

  it('sends an invited contractor to the received view, where their invitation opens', () => {
    const invitee = makeProposal({ _id: 'p', access: { role: 'invitee', canEdit: false } });
    expect(signDecision(invitee, 'contractor')).toEqual({
      kind: 'redirect',
      to: '/proposal/received/p/',
    });
  });
});
