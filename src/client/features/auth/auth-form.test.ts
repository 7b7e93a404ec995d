import { describe, expect, it } from 'vitest';
import { EMAIL_ERROR, NAME_ERROR } from '../../../shared/schemas/auth';
import { UPLOAD_MAX_BYTES, UPLOAD_TOO_BIG } from '../../../shared/constants';
import {
  authModeFromPath,
  emailFieldError,
  isSigninDisabled,
  isSignupDisabled,
  LOGO_TYPE_ERROR,
  logoFileError,
  signinFormSchema,
  signupFormSchema,
  switchModeHref,
  toSigninBody,
  toSignupBody,
  toSignupRequest,
} from './auth-form';

describe('authModeFromPath', () => {
  it('reads the mode from the path', () => {
    expect(authModeFromPath('/signup/')).toBe('signup');
    expect(authModeFromPath('/signup')).toBe('signup');
    expect(authModeFromPath('/signin/')).toBe('signin');
    expect(authModeFromPath('/signupx/')).toBe('signin');
  });
});

describe('switchModeHref', () => {
  it('keeps the redirect query and drops the rest', () => {
    expect(switchModeHref('signin', '?redirect=%2Fcreate%2F&x=1')).toBe(
      '/signin/?redirect=%2Fcreate%2F',
    );
    expect(switchModeHref('signup', '')).toBe('/signup/');
  });
});

describe('emailFieldError', () => {
  it('clears the error for an empty value', () => {
    expect(emailFieldError('')).toBeUndefined();
    expect(emailFieldError('   ')).toBeUndefined();
  });
  it('accepts a standard address and rejects others', () => {
    expect(emailFieldError('Pat@Example.com')).toBeUndefined();
    expect(emailFieldError('pat@example')).toBe(EMAIL_ERROR);
    expect(emailFieldError('pat example.com')).toBe(EMAIL_ERROR);
  });
});

describe('form schemas', () => {
  it('gives the spec messages', () => {
    const signin = signinFormSchema.safeParse({ email: 'nope' });
    expect(signin.success ? [] : signin.error.issues.map((i) => i.message)).toEqual([EMAIL_ERROR]);
    const signup = signupFormSchema.safeParse({
      email: 'a@b.co',
      name: '  ',
      phoneNumber: '',
      companyName: '',
    });
    expect(signup.success ? [] : signup.error.issues.map((i) => i.message)).toEqual([NAME_ERROR]);
  });
});

describe('button rules (§5)', () => {
  it('Log In: disabled only on an e-mail error or while sending', () => {
    expect(isSigninDisabled({ email: '', pending: false })).toBe(false);
    expect(isSigninDisabled({ email: 'bad@', pending: false })).toBe(true);
    expect(isSigninDisabled({ email: 'a@b.co', pending: false })).toBe(false);
    expect(isSigninDisabled({ email: 'a@b.co', pending: true })).toBe(true);
  });
  it('Sign Up: disabled on an e-mail error, an empty e-mail or an empty name', () => {
    const ok = { email: 'a@b.co', name: 'Pat', pending: false };
    expect(isSignupDisabled(ok)).toBe(false);
    expect(isSignupDisabled({ ...ok, email: '' })).toBe(true);
    expect(isSignupDisabled({ ...ok, email: 'a@' })).toBe(true);
    expect(isSignupDisabled({ ...ok, name: ' ' })).toBe(true);
    expect(isSignupDisabled({ ...ok, pending: true })).toBe(true);
  });
});

describe('payloads', () => {
  const values = {
    email: ' Pat@Example.COM ',
    name: ' Pat Doe ',
    phoneNumber: '555 0100',
    companyName: 'Doe Builders',
  };

  it('lower-cases the e-mail and passes the redirect through', () => {
    expect(toSigninBody('Pat@Example.com', '/create/')).toEqual({
      email: 'pat@example.com',
      redirect: '/create/',
    });
    expect(toSigninBody('a@b.co', null)).toEqual({ email: 'a@b.co' });
  });

  it('always signs up a contractor', () => {
    expect(toSignupBody(values, null)).toEqual({
      email: 'pat@example.com',
      name: 'Pat Doe',
      phoneNumber: '555 0100',
      companyName: 'Doe Builders',
      role: 'contractor',
    });
  });

  it('sends JSON without a logo and multipart with one', () => {
    const body = toSignupBody(values, '/dashboard/');
    expect(toSignupRequest(body, null)).toBe(body);
    const logo = new File([new Uint8Array([1, 2, 3])], 'logo.png', { type: 'image/png' });
    const form = toSignupRequest(body, logo);
    expect(form).toBeInstanceOf(FormData);
    const entries = [...(form as FormData).keys()];
    expect(entries).toEqual([
      'email',
      'name',
      'phoneNumber',
      'companyName',
      'role',
      'redirect',
      'logo',
    ]);
    expect((form as FormData).get('role')).toBe('contractor');
    expect((form as FormData).get('logo')).toBeInstanceOf(File);
  });
});

describe('logoFileError', () => {
  it('takes images up to 15 MB', () => {
    expect(logoFileError({ type: 'image/png', size: 1000 })).toBeUndefined();
    expect(logoFileError({ type: 'application/pdf', size: 1000 })).toBe(LOGO_TYPE_ERROR);
    expect(logoFileError({ type: 'image/jpeg', size: UPLOAD_MAX_BYTES + 1 })).toBe(UPLOAD_TOO_BIG);
  });
});
