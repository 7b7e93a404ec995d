import { z } from 'zod';

/**
 * What a 409 is about, for a client to act on without reading the message (decision 0077). The
 * message says it to a person; the code tells a program. New kinds are added, never renamed.
 */
export const CONFLICT_CODES = [
  // The proposal
  'stale_version',
  'options_gained',
  'frozen_after_signing',
  'signed_content_locked',
  'contractor_signed',
  'signed_not_deletable',
  'signed_not_reassignable',
  'signed_homeowner_stays',
  'already_signed_by_homeowner',
  // Signing
  'proposal_changed',
  'already_signed',
  'sign_before_send',
  // The shop page
  'note_changed',
  'position_changed',
  'marked_since_shown',
  'options_changed',
  'already_on_item',
  'product_changed',
  'product_edited_elsewhere',
  'option_product_not_shared',
  'item_full',
  'comment_changed',
  // The account settings page
  'account_changed',
] as const;
export type ConflictCode = (typeof CONFLICT_CODES)[number];

/** What a failed product lookup read from the page: only its title so far. */
export const pageFoundSchema = z.object({ title: z.string() });
export type PageFound = z.infer<typeof pageFoundSchema>;

/** Every non-2xx JSON answer of the API has this shape. */
export const apiErrorSchema = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  /** Every 409 carries one of CONFLICT_CODES; a client meets unknown codes as a plain 409. */
  code: z
    .string()
    .optional()
    .describe(`What a 409 is about, one of: ${CONFLICT_CODES.join(', ')}.`),
  /** Decision 0083: what a product lookup did read from a page that gave no product. */
  found: pageFoundSchema
    .optional()
    .describe(
      'On a 422 from clipping a page that gave a title but no price or photo: that title, for a form entering the product by hand to start from.',
    ),
  requestId: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Turns a zod error into one sentence a person can act on. */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.join('.');
      const message = issue.message;
      // Our own messages are whole sentences; zod's generic ones need the field name. The docs/product/errors.md
      // alerts ('Please enter image', '… E.g. https://www.example.com/') are shown verbatim.
      const whole = /[.!?]$/.test(message) || message.startsWith('Please ');
      return whole || !field ? message : `${field}: ${message}`;
    })
    .filter((m, i, all) => all.indexOf(m) === i)
    .join(' ');
}
