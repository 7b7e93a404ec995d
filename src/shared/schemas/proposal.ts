import { z } from 'zod';
import { DEFAULT_CURRENCY, PROPOSAL_CURRENCIES, UNKNOWN_CURRENCY } from '../domain/currency';
import { LIST_SEARCH_MAX, LIST_SORTS, LIST_STATUSES } from '../domain/dashboard-list';
import { VERSION_MAX } from './versions';

/*
 * One definition of every proposal payload (docs/product/model.md), used by the routes, the API client and the
 * editor. Money travels as integer cents (`costCents`); the typed expression (`rawCost`) travels
 * beside it and the server recomputes cents from it, so a client cannot send a total that its own
 * expression does not give.
 */

const id = z.uuid('Unknown id.');
const text = (max: number) => z.string().max(max, `At most ${max} characters.`);

export const FILE_FIELDS = [
  'companyLogo',
  'personalPhoto',
  'currentCondition',
  'groupImage',
  'productImage',
  'signature',
] as const;
export type FileField = (typeof FILE_FIELDS)[number];

/** A stored file as the client sees it. */
export const fileRefSchema = z.object({
  id: z.string(),
  url: z.string(),
  originalName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type FileRef = z.infer<typeof fileRefSchema>;

export const sectionVisibilitySchema = z.object({
  cover: z.boolean(),
  welcome: z.boolean(),
  bigpicture: z.boolean(),
  plan: z.boolean(),
  shoppinglist: z.boolean(),
  contract: z.boolean(),
});
export type SectionVisibility = z.infer<typeof sectionVisibilitySchema>;
export const allSectionsVisible: SectionVisibility = {
  cover: true,
  welcome: true,
  bigpicture: true,
  plan: true,
  shoppinglist: true,
  contract: true,
};

/** docs/product/model.md events: millisecond timestamps, null until they happen. */
export const eventsSchema = z.object({
  created: z.number(),
  sent: z.number().nullable(),
  edited: z.number().nullable(),
  signedByContractor: z.number().nullable(),
  signedByHomeowner: z.number().nullable(),
});
export type ProposalEvents = z.infer<typeof eventsSchema>;

/** The currency the proposal's money is shown in (decision 0021). */
export const proposalCurrencySchema = z.enum(PROPOSAL_CURRENCIES, { error: UNKNOWN_CURRENCY });

export const costTypeSchema = z
  .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6)])
  .nullable();

/**
 * What a request may carry (docs/product/model.md wire form): the numbers 1 to 6 or null, and also the strings '1' to
 * '6' or '' (no type), which the spec's client sends. Always parsed to a number or null.
 */
export const costTypeInputSchema = z.union([
  costTypeSchema,
  z
    .enum(['', '1', '2', '3', '4', '5', '6'])
    .transform((v) => (v === '' ? null : (Number(v) as 1 | 2 | 3 | 4 | 5 | 6))),
]);

// ---- read model -------------------------------------------------------------------------------

export const costItemSchema = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  costCents: z.number().int(),
  rawCost: z.string(),
  costType: costTypeSchema,
  selection: z.boolean(),
  note: z.string(),
  /** How many product options the item has (the shopping percentage counts items with ≥ 1). */
  optionCount: z.number().int(),
});
export type CostItem = z.infer<typeof costItemSchema>;

export const costGroupSchema = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  note: z.string(),
  values: z.array(costItemSchema),
  images: z.array(fileRefSchema),
});
export type CostGroup = z.infer<typeof costGroupSchema>;

/** What the caller may do with a proposal; the server decides, the client only displays. */
export const accessSchema = z.object({
  role: z.enum(['owner', 'homeowner', 'invitee', 'public']),
  canEdit: z.boolean(),
});
export type ProposalAccess = z.infer<typeof accessSchema>;

/** The events the owner's viewer lists (decision 0009); the store keeps more kinds. */
export const ACTIVITY_KINDS = [
  'created',
  'sent',
  'edited',
  'opened',
  'signed',
  'signature_withdrawn',
  'archived',
  'unarchived',
  'chosen',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const activityEventSchema = z.object({
  kind: z.enum(ACTIVITY_KINDS),
  /** When it happened (ms). */
  at: z.number(),
  /** Who did it, as their account reads now (name, else e-mail); '' when unknown. */
  by: z.string(),
  /**
   * signed, signature_withdrawn: the block; edited: the editor's side (decision 0085); chosen:
   * the contractor or the homeowner, absent for an invitee (decision 0091).
   */
  role: z.enum(['contractor', 'homeowner']).optional(),
  /** sent: the address it was sent to. */
  to: z.string().optional(),
  /** chosen (decision 0091): the selection item, as it was named then. */
  item: z.string().optional(),
  /** chosen: the product chosen for it; absent when the choice was withdrawn. */
  product: z.string().optional(),
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;

export const proposalSchema = z.object({
  _id: z.string(),
  proposalId: z.string(),
  version: z.number().int(),
  ownerName: z.string(),
  companyName: z.string(),
  projectName: z.string(),
  projectAddress: z.string(),
  introductoryNote: z.string(),
  name: z.string(),
  phoneNumber: z.string(),
  projectScope: z.string(),
  teamDescription: z.string(),
  contract: z.string(),
  date: z.number(),
  showLogo: z.boolean(),
  currency: proposalCurrencySchema,
  isPublic: z.boolean(),
  /** The homeowner has signed: plan and contract are frozen. */
  signed: z.boolean(),
  /** Edited after it was last sent (the action becomes Resend). */
  edited: z.boolean(),
  personalPhoto: fileRefSchema.nullable(),
  companyLogo: fileRefSchema.nullable(),
  currentCondition: z.array(fileRefSchema),
  sectionVisibility: sectionVisibilitySchema,
  events: eventsSchema,
  costGroups: z.array(costGroupSchema),
  homeownerSignature: z.string().nullable(),
  contractorsSignature: z.string().nullable(),
  access: accessSchema,
  /** What happened to it, oldest first: for the owner only; omitted for everyone else. */
  activity: z.array(activityEventSchema).optional(),
});
export type Proposal = z.infer<typeof proposalSchema>;

export const proposalStatusSchema = z.object({
  label: z.enum(['Created', 'Sent', 'Signed']),
  date: z.number(),
});

/** A signature the proposal still waits for (decision 0019). */
export const pendingSignerSchema = z.object({
  role: z.enum(['homeowner', 'contractor']),
  /** How to name them: the homeowner's name given when sending (else e-mail); the sender's name. */
  name: z.string(),
  /** The caller is this signer: the dashboard says "your signature". */
  you: z.boolean(),
});
export type PendingSigner = z.infer<typeof pendingSignerSchema>;

/** Who the proposal waits for, beside the spec's status label (decision 0019). */
export const waitingSchema = z.object({
  /**
   * The signatures still missing, the homeowner's first; empty before sending and once all
   * signed. No homeowner entry while nobody is the homeowner (removed after sending).
   */
  pending: z.array(pendingSignerSchema),
  /** When the homeowner signed, or null. */
  homeownerSignedAt: z.number().nullable(),
  /** Sent and the homeowner never opened it: for the owner only (false for everyone else). */
  notOpened: z.boolean(),
});
export type Waiting = z.infer<typeof waitingSchema>;

export const proposalListItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  projectName: z.string(),
  events: eventsSchema,
  status: proposalStatusSchema,
  /** '{n}% Shopping': null when the proposal has no selection items. */
  shoppingPercent: z.number().int().nullable(),
  isPublic: z.boolean(),
  signed: z.boolean(),
  /** Archived by its owner (decision 0009); always false for members. */
  archived: z.boolean(),
  access: accessSchema,
  waiting: waitingSchema,
});
export type ProposalListItem = z.infer<typeof proposalListItemSchema>;

export const proposalListSchema = z.object({
  items: z.array(proposalListItemSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** How many proposals match the query in all pages (decision 0096). */
  total: z.number().int().nonnegative(),
});
export type ProposalList = z.infer<typeof proposalListSchema>;

export const proposalListQuerySchema = z
  .object({
    // Room for the project order's key, a 200-character name in base64url JSON, escapes and all.
    cursor: z.string().max(4000).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
    /** 'true': only the caller's archived proposals; otherwise the list without them. */
    archived: z
      .enum(['true', 'false'], { error: 'archived: must be true or false.' })
      .optional()
      .transform((v) => v === 'true'),
    /** Decision 0096: one status label's proposals; absent or 'all' for every one. */
    status: z
      .enum(['all', ...LIST_STATUSES], {
        error: `status: must be one of all, ${LIST_STATUSES.join(', ')}.`,
      })
      .optional(),
    /** The order; the cursor belongs to it. Newest created first when absent. */
    sort: z
      .enum(LIST_SORTS, { error: `sort: must be one of ${LIST_SORTS.join(', ')}.` })
      .optional(),
    /** Words found in the project name, the name, the address or the homeowner's name. */
    q: z
      .string()
      .max(LIST_SEARCH_MAX, `q: at most ${LIST_SEARCH_MAX} characters.`)
      .optional()
      .transform((v) => v?.trim() ?? ''),
  })
  .strict();
export type ProposalListQuery = z.output<typeof proposalListQuerySchema>;

// ---- write model ------------------------------------------------------------------------------

/**
 * Decision 0014: how large one proposal may be. Far above any real job (the presets and modules
 * together are under 30 groups) and far below the 100 × 300 items that stall the server; a save
 * past a limit is 400 naming it. Text lengths are the `text(n)` caps below.
 */
export const PROPOSAL_LIMITS = {
  costGroups: 60,
  itemsPerGroup: 200,
  items: 2000,
  imagesPerGroup: 50,
  currentConditionFiles: 50,
} as const;

const count = (n: number) => n.toLocaleString('en-US');
export const TOO_MANY_GROUPS = `A proposal can have at most ${count(PROPOSAL_LIMITS.costGroups)} cost groups.`;
export const TOO_MANY_ITEMS_IN_GROUP = `A cost group can have at most ${count(PROPOSAL_LIMITS.itemsPerGroup)} items.`;
export const TOO_MANY_ITEMS = `A proposal can have at most ${count(PROPOSAL_LIMITS.items)} items in all.`;

export const costItemInputSchema = z.object({
  /** An id this proposal already has keeps the item (and its options and comments); others are new. */
  id: z.string().max(64).optional(),
  name: text(200).trim(),
  rawCost: text(200).default(''),
  costType: costTypeInputSchema.default(null),
  selection: z.boolean().default(false),
  note: text(5000).default(''),
  pristine: z.boolean().default(false),
});
export type CostItemInput = z.input<typeof costItemInputSchema>;

export const costGroupInputSchema = z.object({
  id: z.string().max(64).optional(),
  name: text(200).trim(),
  note: text(5000).default(''),
  pristine: z.boolean().default(false),
  imageIds: z
    .array(id)
    .max(PROPOSAL_LIMITS.imagesPerGroup, 'At most 50 images per cost group.')
    .default([]),
  values: z
    .array(costItemInputSchema)
    .max(PROPOSAL_LIMITS.itemsPerGroup, TOO_MANY_ITEMS_IN_GROUP)
    .default([]),
});
export type CostGroupInput = z.input<typeof costGroupInputSchema>;
export type CostGroupInputParsed = z.output<typeof costGroupInputSchema>;

export const proposalInputSchema = z.object({
  companyName: text(200).default(''),
  projectName: text(200).default(''),
  projectAddress: text(500).default(''),
  introductoryNote: text(20000).default(''),
  name: text(200).default(''),
  phoneNumber: text(40).default(''),
  projectScope: text(20000).default(''),
  teamDescription: text(20000).default(''),
  contract: text(100000).default(''),
  showLogo: z.boolean().default(true),
  /** USD when left out (decision 0021). */
  currency: proposalCurrencySchema.default(DEFAULT_CURRENCY),
  sectionVisibility: sectionVisibilitySchema.default(allSectionsVisible),
  personalPhotoId: id.nullable().default(null),
  companyLogoId: id.nullable().default(null),
  currentConditionIds: z
    .array(id)
    .max(PROPOSAL_LIMITS.currentConditionFiles, 'At most 50 files.')
    .default([]),
  costGroups: z
    .array(costGroupInputSchema)
    .max(PROPOSAL_LIMITS.costGroups, TOO_MANY_GROUPS)
    .refine((groups) => groups.reduce((n, g) => n + g.values.length, 0) <= PROPOSAL_LIMITS.items, {
      message: TOO_MANY_ITEMS,
    })
    .default([]),
});
export type ProposalInput = z.input<typeof proposalInputSchema>;
export type ProposalInputParsed = z.output<typeof proposalInputSchema>;

/** PUT carries the version it was based on; a stale one answers 409. */
export const proposalUpdateSchema = proposalInputSchema.extend({
  version: z.number().int().positive().max(VERSION_MAX),
  /**
   * The contractor has signed and agrees that this save withdraws their signature (decision
   * 0009). Without it such a save is 409 CONTRACTOR_SIGNED.
   */
  withdrawSignature: z.boolean().default(false),
  /**
   * The items with options this save removes, with the option count the editor showed on each
   * (decision 0073). With it, a removed item that has more options now answers 409 instead of
   * taking them away unseen; without it the save removes what it removes, as before.
   */
  removing: z
    .array(
      z.object({
        id: z.string().max(64),
        optionCount: z.number().int().min(0).max(1_000_000),
      }),
    )
    .max(PROPOSAL_LIMITS.items, TOO_MANY_ITEMS)
    .optional(),
});
export type ProposalUpdate = z.input<typeof proposalUpdateSchema>;

export const STALE_VERSION =
  'This proposal was changed somewhere else since you opened it. Reload to see the latest version; your unsaved text stays on screen.';
export const FROZEN_AFTER_SIGNING =
  'The homeowner has signed this proposal, so its plan and contract can no longer be changed.';
/** PUT after the contractor signed, without `withdrawSignature: true`. */
export const CONTRACTOR_SIGNED =
  'You have signed this proposal. Saving changes withdraws your signature, and you will need to sign again. Confirm that you want to withdraw it.';
/** Changes that cannot withdraw a signature (an item note, removing a file) once signed. */
export const SIGNED_CONTENT_LOCKED =
  'You have signed this proposal, so it cannot be changed here. Edit the proposal to withdraw your signature first.';
/** POST /api/proposal/delete on a proposal with a signature. */
/** Decision 0076: a signature is its signer's; the proposal it is on stays with them. */
export const SIGNED_NOT_REASSIGNABLE =
  'A signed proposal stays with the contractor who owns it: it cannot be given to another contractor.';

export const SIGNED_NOT_DELETABLE =
  'A signed proposal cannot be deleted: the homeowner keeps it and its signing log. Archive it to hide it from your dashboard.';

export const proposalIdParamsSchema = z.object({ id });
export const proposalIdBodySchema = z.object({ id });

export const reassignBodySchema = z.object({
  id,
  /** The new owner's e-mail (lower-cased). */
  newOwner: z.string().trim().toLowerCase().min(3).max(254),
  /** Create a contractor account for that address when there is none ('Copy Proposal URL'). */
  createNew: z.boolean().default(false),
});
export const reassignReplySchema = z.object({ id: z.string(), url: z.string(), owner: z.string() });

export const archiveReplySchema = z.object({ archived: z.boolean() });
export type ArchiveReply = z.infer<typeof archiveReplySchema>;

export const toggleVisibilityBodySchema = z.object({
  id,
  /**
   * What the caller asks for. Without it the visibility flips (the spec's `{id}`); with it a
   * stale screen or a retried request sets what its button said instead of undoing it.
   */
  isPublic: z
    .boolean()
    .optional()
    .describe('The visibility wanted; without it, the visibility is switched.'),
});
export type ToggleVisibilityBody = z.infer<typeof toggleVisibilityBodySchema>;
export const toggleVisibilityReplySchema = z.object({ isPublic: z.boolean() });
export const contractorsReplySchema = z.array(z.string());
export const contractorReplySchema = z.object({ name: z.string() });
export const homeownerReplySchema = z.object({ name: z.string(), email: z.string() });

export const sendCreatedBodySchema = z.object({
  proposalId: id,
  to: z.string().trim().toLowerCase(),
});

export const photoUploadReplySchema = fileRefSchema.extend({ field: z.enum(FILE_FIELDS) });

export const itemNameSuggestionsQuerySchema = z.object({ groupName: text(200).trim() });
export const itemNameSuggestionsReplySchema = z.array(z.string());

/** POST /api/proposal answers the id as text (docs/product/model.md). */
export const createReplySchema = z.string();

/** PUT /api/proposal/{id} answers the saved proposal, with `id` as well (docs/product/model.md: "JSON with id"). */
export const proposalUpdateReplySchema = proposalSchema.extend({ id: z.string() });
export type ProposalUpdateReply = z.infer<typeof proposalUpdateReplySchema>;

/** delete and sendCreated answer this. */
export const okReplySchema = z.object({ ok: z.literal(true) });
