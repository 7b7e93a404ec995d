import { describe, expect, it } from 'vitest';
import {
  ALREADY_SIGNED,
  NOT_THE_CONTRACTOR,
  NOT_THE_HOMEOWNER,
  SIGN_BEFORE_SEND,
  signRefusal,
  type SignFacts,
} from '../../shared/schemas/signing';

const base: SignFacts = {
  role: 'homeowner',
  userRole: 'homeowner',
  access: 'homeowner',
  sent: true,
  signedByContractor: false,
  signedByHomeowner: false,
};

describe('§4 who may sign', () => {
  it('lets the homeowner member sign once, sent or not', () => {
    expect(signRefusal(base)).toBeNull();
    expect(signRefusal({ ...base, signedByContractor: true })).toBeNull();
    expect(signRefusal({ ...base, signedByHomeowner: true })).toEqual({
      status: 409,
      message: ALREADY_SIGNED,
      code: 'already_signed',
    });
  });

  it("refuses the homeowner block to everyone but the proposal's homeowner member", () => {
    for (const access of ['owner', 'invitee', 'public'] as const)
      expect(signRefusal({ ...base, access })).toEqual({ status: 403, message: NOT_THE_HOMEOWNER });
    // Decision 0093: a contractor sent someone else's proposal signs it as its homeowner.
    expect(signRefusal({ ...base, userRole: 'contractor' })).toBeNull();
  });

  it('lets the owning contractor sign once, only after sending', () => {
    const contractor: SignFacts = {
      ...base,
      role: 'contractor',
      userRole: 'contractor',
      access: 'owner',
    };
    expect(signRefusal(contractor)).toBeNull();
    expect(signRefusal({ ...contractor, sent: false })).toEqual({
      status: 409,
      message: SIGN_BEFORE_SEND,
      code: 'sign_before_send',
    });
    expect(signRefusal({ ...contractor, signedByHomeowner: true })).toBeNull();
    expect(signRefusal({ ...contractor, signedByContractor: true })).toEqual({
      status: 409,
      message: ALREADY_SIGNED,
      code: 'already_signed',
    });
  });

  it('refuses the contractor block to members, public readers and a homeowner-account owner', () => {
    const contractor: SignFacts = {
      ...base,
      role: 'contractor',
      userRole: 'contractor',
      access: 'owner',
    };
    for (const access of ['homeowner', 'invitee', 'public'] as const)
      expect(signRefusal({ ...contractor, access })).toEqual({
        status: 403,
        message: NOT_THE_CONTRACTOR,
      });
    expect(signRefusal({ ...contractor, userRole: 'homeowner' })?.status).toBe(403);
    // Permission is decided before state: a stranger learns nothing about sending.
    expect(signRefusal({ ...contractor, access: 'invitee', sent: false })?.status).toBe(403);
  });
});
