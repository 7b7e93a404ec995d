import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import {
  claimModeFromPath,
  claimModeHref,
  isEmailTaken,
  isViewProposalDisabled,
  readClaimState,
  readSentState,
  toClaimSigninBody,
  toClaimSignupBody,
} from './claim-form';

const id = '7d0c1c1e-6f4a-4c65-9a55-1f5b8d3f2a10';

describe('claim mode', () => {
  it('reads the mode from the path', () => {
    expect(claimModeFromPath(`/proposal/signup/${id}/`)).toBe('signup');
    expect(claimModeFromPath(`/proposal/login/${id}/`)).toBe('login');
  });
  it('links between the modes', () => {
    expect(claimModeHref('login', id)).toBe(`/proposal/login/${id}/`);
    expect(claimModeHref('signup', id)).toBe(`/proposal/signup/${id}/`);
  });
});

describe('isViewProposalDisabled', () => {
  const base = { mode: 'login' as const, email: 'pro@example.com', name: '', pending: false };
  it('is enabled with a valid e-mail', () => {
    expect(isViewProposalDisabled(base)).toBe(false);
  });
  it('is disabled on an empty or invalid e-mail, or while sending', () => {
    expect(isViewProposalDisabled({ ...base, email: '  ' })).toBe(true);
    expect(isViewProposalDisabled({ ...base, email: 'pro@' })).toBe(true);
    expect(isViewProposalDisabled({ ...base, pending: true })).toBe(true);
  });
  it('needs a name to sign up', () => {
    expect(isViewProposalDisabled({ ...base, mode: 'signup' })).toBe(true);
    expect(isViewProposalDisabled({ ...base, mode: 'signup', name: 'Dana' })).toBe(false);
  });
});

describe('request bodies', () => {
  it('lower-cases the e-mail and returns to the proposal', () => {
    expect(toClaimSigninBody(' Pro@Example.com ', id)).toEqual({
      email: 'pro@example.com',
      redirect: `/proposal/${id}/`,
      proposalId: id,
    });
  });
  it('signs up as a contractor', () => {
    const body = toClaimSignupBody(
      { email: 'A@B.co', name: ' Dana ', phoneNumber: '', companyName: 'Oak & Sons' },
      id,
    );
    expect(body).toMatchObject({
      email: 'a@b.co',
      name: 'Dana',
      companyName: 'Oak & Sons',
      role: 'contractor',
      proposalId: id,
      redirect: `/proposal/${id}/`,
    });
  });
});

describe('errors and state', () => {
  it('recognises a taken e-mail', () => {
    expect(
      isEmailTaken(new ApiRequestError(400, 'Email is already associated with another account')),
    ).toBe(true);
    expect(isEmailTaken(new ApiRequestError(400, '400'))).toBe(false);
    expect(isEmailTaken(new ApiRequestError(500, 'x'))).toBe(false);
  });
  it('reads router state defensively', () => {
    expect(readClaimState({ name: 'Dana', extra: 1 })).toEqual({ name: 'Dana' });
    expect(readClaimState({ email: 'dana@example.com', name: 'Dana' })).toEqual({
      email: 'dana@example.com',
      name: 'Dana',
    });
    expect(readClaimState('junk')).toEqual({});
    expect(readSentState({ email: 'a@b.co', kind: 'created' })).toEqual({
      email: 'a@b.co',
      kind: 'created',
    });
    expect(readSentState(null)).toEqual({});
  });
});
