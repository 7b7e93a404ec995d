import { z } from 'zod';
import { OPTIONS_PER_ITEM_MAX } from '../constants';
import { accessSchema, proposalCurrencySchema } from './proposal';
import { productSchema } from './products';
import { VERSION_MAX } from './versions';

/*
 * The shop page (docs/product/selections.md "Selections") and the option, comment and note calls of our design that docs/product/selections.md
 * lists as "not shown". Every route checks membership (owner, homeowner, invitee); a logged-out
 * visitor of a public proposal may read, and the client keeps their changes in the page only.
 *
 *   GET    /api/proposal/{id}/selections                         → SelectionsPage
 *   POST   /api/proposal/{id}/addProduct/        {costGroupId?, costItemId, productId} → Option
 *   PUT    /api/proposal/{id}/options/{optionId} {position, expected?} → ItemOptions (the whole item)
 *   DELETE /api/proposal/{id}/options/{optionId}                → ItemOptions
 *   PUT    /api/proposal/{id}/items/{itemId}/options/order {optionIds, expected?} → ItemOptions
 *   POST   /api/proposal/{id}/items/{itemId}/comments {content} → Comment
 *   PUT    /api/proposal/{id}/comments/{commentId} {content, version} → Comment
 *   DELETE /api/proposal/{id}/comments/{commentId}?version=      → {ok}
 *   PUT    /api/proposal/{id}/items/{itemId}/note {note, expected} → {note}
 */

export const POSITIONS = ['not_selected', 'liked', 'chosen'] as const;
export const positionSchema = z.enum(POSITIONS, 'Position must be not_selected, liked or chosen.');
export type Position = z.infer<typeof positionSchema>;

export const optionSchema = z.object({
  id: z.string(),
  productId: z.string(),
  product: productSchema,
  position: positionSchema,
  /** The display name of the member who added it (docs/product/selections.md addedBy); null when that account is gone. */
  addedBy: z.string().nullable(),
  /** The caller may remove it (the page shows Remove only then). */
  canRemove: z.boolean(),
  /**
   * Decision 0091, for a Chosen option: who chose it (their display name, the role they chose
   * as, whether it is the caller); null when not Chosen or chosen before choices were recorded.
   */
  chosenBy: z
    .object({
      name: z.string(),
      role: z.enum(['owner', 'homeowner', 'invitee']),
      mine: z.boolean(),
    })
    .nullable(),
  /** When it was chosen (ms); null as for chosenBy. */
  chosenAt: z.number().nullable(),
});
export type Option = z.infer<typeof optionSchema>;
export type ChosenBy = NonNullable<Option['chosenBy']>;

export const commentSchema = z.object({
  id: z.string(),
  content: z.string(),
  createdAt: z.number(),
  /** The author's e-mail (docs/product/selections.md); '' for a logged-out reader of a public proposal. */
  email: z.string(),
  authorName: z.string(),
  mine: z.boolean(),
  /** When it was last edited (ms), shown as '(edited)'; null when never (decision 0095). */
  editedAt: z.number().nullable(),
  /** Sent back with an edit or a deletion: one from an older screen is refused (409). */
  version: z.number().int(),
  /** The caller may edit it (its author) and delete it (its author, or the proposal's owner). */
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;

export const selectionItemSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  name: z.string(),
  note: z.string(),
  costCents: z.number().int(),
  options: z.array(optionSchema),
  comments: z.array(commentSchema),
});
export type SelectionItem = z.infer<typeof selectionItemSchema>;

export const selectionGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Only the group's selection items, in plan order. */
  items: z.array(selectionItemSchema),
});
export type SelectionGroup = z.infer<typeof selectionGroupSchema>;

export const selectionsPageSchema = z.object({
  proposalId: z.string(),
  projectName: z.string(),
  /** The proposal's currency: suggestions rank it first, other currencies are labelled (decision 0021). */
  currency: proposalCurrencySchema,
  access: accessSchema,
  /** May add, rank, remove options and comment (owner, homeowner, invitee; not the public). */
  canShop: z.boolean(),
  /** May edit item notes: the owner while the plan is not frozen by the homeowner's signature. */
  canEditNotes: z.boolean(),
  /**
   * Whether the caller gets this proposal's comment e-mails (decision 0097), for the shop page's
   * switch to render at once; null for a reader who has no such setting (the public).
   */
  commentEmails: z.boolean().nullable(),
  groups: z.array(selectionGroupSchema),
});
export type SelectionsPage = z.infer<typeof selectionsPageSchema>;

/** The options of one item after a change, in order, so the client shows exactly the server's state. */
export const itemOptionsSchema = z.object({
  costItemId: z.string(),
  options: z.array(optionSchema),
});
export type ItemOptions = z.infer<typeof itemOptionsSchema>;

/**
 * Our client names the product by its id. docs/product/selections.md's own form sends the product's fields
 * {title, image, price, currency, url} as POST /api/products/ answered them: the server then finds
 * the stored product by its URL and takes nothing else from the request, so a client can never
 * set a price or a picture (decision 0007).
 */
export const addProductRequestSchema = z
  .object({
    costGroupId: z.uuid('Unknown group.').optional(),
    costItemId: z.uuid('Unknown item.'),
    productId: z.uuid('Unknown product.').optional(),
    url: z.string().max(8192, 'Unknown product.').optional(),
    title: z.unknown().optional(),
    image: z.unknown().optional(),
    price: z.unknown().optional(),
    currency: z.unknown().optional(),
  })
  .refine((v) => v.productId !== undefined || v.url !== undefined, {
    message: 'Choose a product to add.',
    path: ['productId'],
  });
export type AddProductRequest = z.input<typeof addProductRequestSchema>;

/**
 * `expected`: the position the reader's screen showed; when someone else has changed it since,
 * nothing changes (409, POSITION_CHANGED). `expectedChosen`, with `position: 'chosen'`: the option
 * the screen showed as the item's Chosen (null for none), which this choice would demote; refused
 * the same way when another option has been chosen since.
 */
export const setPositionRequestSchema = z.object({
  position: positionSchema,
  expected: positionSchema.optional(),
  expectedChosen: z.uuid('Unknown option.').nullable().optional(),
});

/** DELETE …/options/{optionId}?expected=liked: the position the confirmation was asked about. */
export const removeOptionQuerySchema = z.object({ expected: positionSchema.optional() });

export const ITEM_FULL = `This item has ${OPTIONS_PER_ITEM_MAX} options, the most it can hold. Remove one before adding another.`;

const optionIdsSchema = z
  .array(z.uuid('Unknown option.'))
  .max(OPTIONS_PER_ITEM_MAX, 'Too many options.')
  .refine((ids) => new Set(ids).size === ids.length, 'Each option may appear only once.');

/**
 * `expected`: the order the reader's screen showed; when someone else has reordered, added or
 * removed an option since, nothing changes (409, OPTIONS_CHANGED).
 */
export const reorderOptionsRequestSchema = z.object({
  optionIds: optionIdsSchema,
  expected: optionIdsSchema.optional(),
});

export const COMMENT_MAX = 2000;
const commentContent = z
  .string()
  .trim()
  .min(1, 'Please write a comment.')
  .max(COMMENT_MAX, `A comment can be at most ${COMMENT_MAX} characters.`);
export const addCommentRequestSchema = z.object({ content: commentContent });

const versionNumber = (number: z.ZodNumber) =>
  number.int('Unknown version.').min(1, 'Unknown version.').max(VERSION_MAX, 'Unknown version.');
const commentVersion = versionNumber(z.coerce.number('Unknown version.'));

/**
 * Decision 0095: the same rules as posting; `version`, the comment's on the editor's screen.
 * Someone (the author in another tab) edited it since: 409 COMMENT_CHANGED, nothing overwritten.
 */
export const editCommentRequestSchema = z.strictObject({
  content: commentContent,
  version: versionNumber(z.number('Unknown version.')),
});

/** DELETE …/comments/{commentId}?version=3: the version the confirmation was asked about. */
export const deleteCommentQuerySchema = z.strictObject({ version: commentVersion.optional() });

export const COMMENT_CHANGED =
  'This comment was changed in another window meanwhile. It is shown as it is now.';
/** One message for a comment deleted and for an id that is not this proposal's: nothing leaks. */
export const COMMENT_GONE = 'This comment is no longer on this proposal.';
export const EDIT_OWN_ONLY = 'Only its author can edit a comment.';
export const DELETE_OWN_ONLY = "Only its author or the proposal's owner can delete a comment.";

/** The same limit as the plan editor's item note, so any note can be edited here. */
export const NOTE_MAX = 5000;
export const updateNoteRequestSchema = z.object({
  note: z.string().max(NOTE_MAX, `A note can be at most ${NOTE_MAX} characters.`),
  /** The note as the editor last saw it; a different stored note answers 409 instead of overwriting. */
  expected: z.string().max(NOTE_MAX),
});
export const noteReplySchema = z.object({ note: z.string() });

export const optionParams = z.object({
  id: z.string().max(64),
  optionId: z.uuid('Unknown option.'),
});
export const itemParams = z.object({ id: z.string().max(64), itemId: z.uuid('Unknown item.') });
export const commentParams = z.object({
  id: z.string().max(64),
  commentId: z.uuid('Unknown comment.'),
});

export const OPTION_PRODUCT_NOT_SHARED =
  'This product was entered by hand for this proposal: the person who added it can edit it.';
export const ALREADY_ON_ITEM = 'This product is already an option for this item.';
export const NOTE_CHANGED = 'Someone else changed this note while you were editing.';
export const OPTIONS_CHANGED =
  'The options of this item changed while you were reordering. They are shown as they are now.';
export const PRODUCT_CHANGED =
  "Someone else changed this option's product meanwhile. The options are shown as they are now.";
export const POSITION_CHANGED =
  'Someone else marked this option meanwhile. The options are shown as they are now.';
/** A removal asked about from a screen where the option was not marked as it is now. */
export const markedBeforeRemoval = (label: string) =>
  `Someone else changed this option to ${label} meanwhile. Remove it anyway?`;
