import { z } from 'zod';
import { NAME_ERROR, userSchema } from './auth';
import { fileRefSchema } from './proposal';
import { VERSION_MAX } from './versions';

/*
 * The account settings page (decision 0094): what a person may change about their own account.
 * The e-mail address is not among it: changing it needs proof of the new address.
 */

export const ACCOUNT_NAME_MAX = 120;
export const ACCOUNT_PHONE_MAX = 40;
export const ACCOUNT_COMPANY_MAX = 160;

export const ACCOUNT_CHANGED =
  'Your account was changed in another tab or on another device since this page was loaded. Reload to see the current details, then make your change again.';
export const COMPANY_FOR_CONTRACTORS = 'Only a contractor account has a company name and logo.';
export const LOGO_UNAVAILABLE =
  'This logo is no longer available. Please choose the image again and save.';

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`);

/**
 * GET and PUT /api/authorization/account: the user as /me gives it, and the version a change
 * sends back.
 */
export const accountSchema = z.object({
  user: userSchema,
  /** Moves on with every change; a change names the one it started from. */
  version: z.number().int().min(1),
  /**
   * The account's company logo as a file (`user.companyLogo` is its address only): the create
   * wizard puts it on a new proposal's cover, which borrows it without taking it over.
   */
  companyLogoFile: fileRefSchema.nullable(),
});
export type Account = z.infer<typeof accountSchema>;

/**
 * PUT /api/authorization/account: every field the page edits, with the version it loaded. Strict:
 * an unknown key (`email` among them) is a 400, not a change quietly dropped.
 * `companyLogoId`: left out keeps the logo, null removes it, an id is a logo the caller has just
 * uploaded through POST /api/proposal/photo-upload (field `companyLogo`).
 */
export const accountUpdateSchema = z.strictObject({
  version: z
    .number({ error: 'The version of the account is missing.' })
    .int()
    .min(1)
    .max(VERSION_MAX, 'Unknown version.'),
  name: text(ACCOUNT_NAME_MAX),
  phoneNumber: text(ACCOUNT_PHONE_MAX).default(''),
  companyName: text(ACCOUNT_COMPANY_MAX).optional(),
  companyLogoId: z.uuid(LOGO_UNAVAILABLE).nullable().optional(),
});
export type AccountUpdate = z.input<typeof accountUpdateSchema>;
export type AccountUpdateParsed = z.output<typeof accountUpdateSchema>;

/** A contractor is named on everything they send, so their name may not be empty. */
export const contractorNameMissing = (role: string, name: string) =>
  role === 'contractor' && name.trim() === '';
export { NAME_ERROR };
