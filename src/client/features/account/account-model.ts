import type { Role, User } from '../../../shared/schemas/auth';

/*
 * The account settings page as data (decision 0094): what the form holds, what it sends, what it
 * says it will change. No zod here: the server validates; the page checks what a person can fix
 * before sending.
 */

export const NAME_REQUIRED = 'Please enter your name.';
export const SAVED = 'Changes saved.';
export const SAVING = 'Saving your changes…';

export interface AccountValues {
  name: string;
  phoneNumber: string;
  companyName: string;
}

/** What happens to the logo on save: kept, replaced by a chosen file, or removed. */
export type LogoChoice = { kind: 'keep' } | { kind: 'replace'; file: File } | { kind: 'remove' };

export const valuesOf = (user: User): AccountValues => ({
  name: user.name,
  phoneNumber: user.phoneNumber,
  companyName: user.companyName,
});

/** A contractor is named on everything they send; a homeowner or invitee may stay nameless. */
export function nameError(role: Role, name: string): string | undefined {
  return role === 'contractor' && name.trim() === '' ? NAME_REQUIRED : undefined;
}

/** The PUT body: only the fields of the caller's role; the logo only when it changes. */
export function accountBody(
  role: Role,
  values: AccountValues,
  version: number,
  logo: { kind: 'keep' } | { kind: 'remove' } | { kind: 'uploaded'; id: string },
) {
  const common = {
    version,
    name: values.name.trim(),
    phoneNumber: values.phoneNumber.trim(),
  };
  if (role !== 'contractor') return common;
  return {
    ...common,
    companyName: values.companyName.trim(),
    ...(logo.kind === 'keep' ? {} : { companyLogoId: logo.kind === 'remove' ? null : logo.id }),
  };
}

/** Whether anything differs from what was loaded (Save is offered either way; this says so). */
export function isChanged(user: User, values: AccountValues, logo: LogoChoice): boolean {
  const before = valuesOf(user);
  return (
    logo.kind !== 'keep' ||
    (Object.keys(before) as (keyof AccountValues)[]).some(
      (key) => before[key].trim() !== values[key].trim(),
    )
  );
}

/** What a change here reaches, in the words the page shows (decision 0094). */
export function effectsOf(role: Role): { title: string; lines: string[] } {
  if (role === 'contractor') {
    return {
      title: 'Where your details are used',
      lines: [
        'New proposals: your name, company and phone fill in the cover and welcome of proposals you create from now on.',
        "E-mails you send: proposals and invitations come from your name, and the send form's message is signed with your name, company and phone.",
        'Proposals already written keep their own cover, logo and welcome. To change those, edit the proposal.',
      ],
    };
  }
  return {
    title: 'Where your name is used',
    lines: [
      'On proposals you are invited to, the contractor and the team see your name by your comments and choices.',
      'On a proposal sent to you, you keep the name its contractor wrote for you.',
    ],
  };
}
