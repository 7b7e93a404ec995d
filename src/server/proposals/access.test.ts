import { describe, expect, it } from 'vitest';
import { accessFor } from './access';

const base = {
  owner_id: 'owner',
  deleted_at: null,
  is_public: 0 as const,
  signed_by_homeowner_at: null,
  member_role: null,
};

describe('accessFor', () => {
  it('gives the owner edit rights until the homeowner signs', () => {
    expect(accessFor('owner', base)).toEqual({ role: 'owner', canEdit: true });
    expect(accessFor('owner', { ...base, signed_by_homeowner_at: 1 })).toEqual({
      role: 'owner',
      canEdit: false,
    });
  });

  it('lets members and, on public proposals, anyone read; nobody else', () => {
    expect(accessFor('h', { ...base, member_role: 'homeowner' })).toEqual({
      role: 'homeowner',
      canEdit: false,
    });
    expect(accessFor('x', base)).toBeNull();
    expect(accessFor(null, base)).toBeNull();
    expect(accessFor(null, { ...base, is_public: 1 })).toEqual({ role: 'public', canEdit: false });
  });

  it('knows no deleted proposal and no owner of an unclaimed one', () => {
    expect(accessFor('owner', { ...base, deleted_at: 1, is_public: 1 })).toBeNull();
    expect(accessFor(null, { ...base, owner_id: null })).toBeNull();
  });
});
