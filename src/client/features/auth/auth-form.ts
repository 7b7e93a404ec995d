import { z } from 'zod';
import {
  EMAIL_ERROR,
  isValidEmail,
  signupBodySchema,
  type SigninBody,
  type SignupBody,
} from '../../../shared/schemas/auth';
import { paths } from '../../../shared/paths';
import { UPLOAD_MAX_BYTES, UPLOAD_TOO_BIG } from '../../../shared/constants';

/** /signup/ and /signin/ are one screen in two modes (docs/product/auth.md). */
export type AuthMode = 'signin' | 'signup';

export function authModeFromPath(pathname: string): AuthMode {
  return /^\/signup(\/|$)/i.test(pathname) ? 'signup' : 'signin';
}

/** The link that switches modes keeps only the `redirect` query parameter. */
export function switchModeHref(target: AuthMode, search: string): string {
  const base = target === 'signup' ? paths.signup() : paths.signin();
  const redirect = new URLSearchParams(search).get('redirect');
  return redirect ? `${base}?${new URLSearchParams({ redirect }).toString()}` : base;
}

/** docs/product/auth.md: an empty value clears the error; anything else must be a standard address. */
export function emailFieldError(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' || isValidEmail(trimmed) ? undefined : EMAIL_ERROR;
}

const emailFieldSchema = z.string().refine((v) => emailFieldError(v) === undefined, EMAIL_ERROR);
const signupShape = signupBodySchema.shape;

export const signinFormSchema = z.object({ email: emailFieldSchema });
export const signupFormSchema = z.object({
  email: emailFieldSchema,
  // The shared rules: trimmed, 'Please enter your name.' when empty, length limits.
  name: signupShape.name,
  phoneNumber: signupShape.phoneNumber.unwrap(),
  companyName: signupShape.companyName.unwrap(),
});
export type SigninFormValues = z.output<typeof signinFormSchema>;
export type SignupFormValues = z.output<typeof signupFormSchema>;

/** docs/product/auth.md: 'Log In' is disabled on an e-mail error (an empty field is no error; Enter submits). */
export function isSigninDisabled(state: { email: string; pending: boolean }): boolean {
  return state.pending || emailFieldError(state.email) !== undefined;
}

/** docs/product/auth.md: 'Sign Up' is disabled on an e-mail error, an empty e-mail or an empty name. */
export function isSignupDisabled(state: {
  email: string;
  name: string;
  pending: boolean;
}): boolean {
  return (
    state.pending ||
    emailFieldError(state.email) !== undefined ||
    state.email.trim() === '' ||
    state.name.trim() === ''
  );
}

/** docs/product/auth.md: addresses are lower-cased before sign-in and sign-up. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

function redirectField(redirect: string | null | undefined): { redirect?: string } {
  return redirect ? { redirect } : {};
}

export function toSigninBody(email: string, redirect: string | null): SigninBody {
  return { email: normalizeEmail(email), ...redirectField(redirect) };
}

export function toSignupBody(values: SignupFormValues, redirect: string | null): SignupBody {
  return {
    email: normalizeEmail(values.email),
    name: values.name.trim(),
    phoneNumber: values.phoneNumber.trim(),
    companyName: values.companyName.trim(),
    role: 'contractor',
    ...redirectField(redirect),
  };
}

/** JSON without a logo; multipart/form-data (text fields first, then `logo`) with one. */
export function toSignupRequest(body: SignupBody, logo: File | null): SignupBody | FormData {
  if (!logo) return body;
  const form = new FormData();
  form.set('email', body.email);
  form.set('name', body.name);
  form.set('phoneNumber', body.phoneNumber);
  form.set('companyName', body.companyName);
  form.set('role', body.role);
  if (body.redirect) form.set('redirect', body.redirect);
  form.set('logo', logo, logo.name);
  return form;
}

/** docs/product/auth.md: the logo takes image types only, one file, at most 15 MB. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
export const LOGO_ACCEPT = [...LOGO_TYPES, '.png', '.jpg', '.jpeg', '.gif'].join(',');
export const LOGO_TYPE_ERROR = 'Please choose a PNG, JPG or GIF image.';

export function logoFileError(file: { type: string; size: number }): string | undefined {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return LOGO_TYPE_ERROR;
  if (file.size > UPLOAD_MAX_BYTES) return UPLOAD_TOO_BIG;
  return undefined;
}
