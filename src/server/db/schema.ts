import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/*
 * Column conventions, identical on SQLite and PostgreSQL:
 * - ids are text (random UUIDs), so rows can be created on any instance;
 * - times are integer milliseconds since the epoch (bigint on PostgreSQL, read back as numbers);
 * - money is integer cents;
 * - booleans are integers 0/1.
 */
type Flag = 0 | 1;

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  phone_number: string;
  company_name: string;
  role: 'contractor' | 'homeowner';
  reassign: 'granted' | null;
  company_logo_file_id: string | null;
  created_at: number;
  last_login_at: number | null;
  /** Moves on each change on the account settings page (decision 0094). */
  account_version: Generated<number>;
}

export interface SessionsTable {
  /** SHA-256 of the cookie value; the raw value is never stored. */
  id_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
}

export interface LoginTokensTable {
  /** SHA-256 of the e-mailed token; the raw token is never stored. */
  token_hash: string;
  user_id: string;
  purpose: 'signin' | 'proposal';
  redirect: string | null;
  /** The proposal this link claims (created logged out) or opens (sent to a homeowner). */
  proposal_id: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A sign-up waiting for its link to be opened (decision 0078); no account exists until then. */
export interface PendingSignupsTable {
  /** SHA-256 of the e-mailed token; the raw token is never stored. */
  token_hash: string;
  email: string;
  name: string;
  phone_number: string;
  company_name: string;
  role: 'contractor' | 'homeowner';
  company_logo_file_id: string | null;
  redirect: string | null;
  /** A proposal created logged out that this sign-up claims. */
  proposal_id: string | null;
  created_at: number;
  expires_at: number;
}

export interface AuthEmailAttemptsTable {
  id: Generated<number>;
  email: string;
  ip: string;
  created_at: number;
}

export interface ProposalsTable {
  id: string;
  /** Null while a proposal created by a logged-out visitor waits to be claimed. */
  owner_id: string | null;
  /** SHA-256 of the claim secret held in the creating browser's cookie; null once claimed. */
  claim_token_hash: string | null;
  /** Soft delete: hidden from every list and read, purged after 30 days. */
  deleted_at: number | null;
  version: number;
  company_name: string;
  project_name: string;
  project_address: string;
  introductory_note: string;
  name: string;
  phone_number: string;
  project_scope: string;
  team_description: string;
  contract: string;
  show_logo: Flag;
  is_public: Flag;
  personal_photo_file_id: string | null;
  company_logo_file_id: string | null;
  date: number;
  show_cover: Flag;
  show_welcome: Flag;
  show_bigpicture: Flag;
  show_plan: Flag;
  show_shoppinglist: Flag;
  show_contract: Flag;
  created_at: number;
  sent_at: number | null;
  edited_at: number | null;
  signed_by_contractor_at: number | null;
  signed_by_homeowner_at: number | null;
  /** Archived by the owner (decision 0009): hidden from the owner's dashboard, kept for members. */
  archived_at: number | null;
  /** USD, EUR or GBP: the currency its money is shown in (decision 0021). */
  currency: 'USD' | 'EUR' | 'GBP';
  /**
   * Moved by every write that changes what a reader of the proposal sees (decision 0024): the
   * key of its kept replies. Not `version`, which only the owner's saves move.
   */
  reply_version: Generated<number>;
  /**
   * How many moves of `reply_version` were header-only writes (decision 0036): the plan part of a
   * kept reply is keyed by `reply_version - header_changes`.
   */
  header_changes: Generated<number>;
  /**
   * How many moves of `reply_version` were writes that changed one cost group only (decision
   * 0043): `reply_version - header_changes - group_changes` names the plan's structure.
   */
  group_changes: Generated<number>;
}

export interface ProposalMembersTable {
  proposal_id: string;
  user_id: string;
  /** homeowner: the client the proposal was sent to; invitee: a designer, architect or helper. */
  role: 'homeowner' | 'invitee';
  /**
   * The homeowner's name as this proposal's sender gave it (decision 0087), shown and signed with
   * on this proposal only; for an invitee, the name the owner gave when inviting them ('' for
   * none), shown while their account has no name of its own.
   */
  name_on_proposal: Generated<string>;
  invited_by: string | null;
  created_at: number;
}

export interface CostGroupsTable {
  id: string;
  proposal_id: string;
  position: number;
  name: string;
  note: string;
}

/**
 * A cost group's row with the version of its reply part (decision 0043), moved by each write
 * known to change that group only; a part is keyed by it and the plan's structure.
 */
export interface CostGroupsRow extends CostGroupsTable {
  part_version: Generated<number>;
}

export interface CostItemsTable {
  id: string;
  group_id: string;
  proposal_id: string;
  position: number;
  name: string;
  cost_cents: number;
  raw_cost: string;
  /** 1 Labor … 6 Uncategorized; null when none was chosen. */
  cost_type: number | null;
  selection: Flag;
  note: string;
}

export interface FilesTable {
  id: string;
  /** The storage key, in the docs/product/uploads.md form {uuid}-{field}-NAME-{original}-NAME-.{ext}. */
  storage_key: string;
  uploaded_by: string | null;
  /** SHA-256 of a logged-out uploader's cookie secret; null for signed-in uploads. */
  upload_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** A logged-out upload's client address key (decision 0088); null for signed-in uploads. */
  upload_client: ColumnType<string | null, string | null | undefined, string | null>;
  proposal_id: string | null;
  group_id: string | null;
  kind:
    | 'current_condition'
    | 'group_image'
    | 'personal_photo'
    | 'company_logo'
    | 'CONTRACTOR_SIGNATURE'
    | 'HOMEOWNER_SIGNATURE'
    | 'product_image';
  field: string;
  original_name: string;
  content_type: string;
  size: number;
  sha256: string;
  position: number;
  created_at: number;
}

export interface ProductsTable {
  id: string;
  title: string;
  url: string;
  image_url: string;
  image_file_id: string | null;
  price_cents: number | null;
  currency: 'EUR' | 'GBP' | 'USD' | null;
  hostname: string;
  /** Searchable words beside title and host: a seed product's category ('' otherwise). */
  keywords: Generated<string>;
  /** 1: entered by hand for one item (editable by its creator, never in the catalogue). */
  manual: Flag;
  /** 1 for the browsable catalogue (seed and clipped products, one per URL), 0 otherwise. */
  catalogue: Flag;
  created_by: string | null;
  created_at: number;
}

export interface OptionsTable {
  id: string;
  cost_item_id: string;
  product_id: string;
  position: 'not_selected' | 'liked' | 'chosen';
  sort_order: number;
  added_by: string | null;
  created_at: number;
  /** Who made it the item's Chosen, when, and as what (decision 0091); null unless Chosen. */
  chosen_by: string | null;
  chosen_at: number | null;
  chosen_role: ChooserRole | null;
}

export type ChooserRole = 'owner' | 'homeowner' | 'invitee';

export interface CommentsTable {
  id: string;
  cost_item_id: string;
  user_id: string;
  email: string;
  content: string;
  created_at: number;
  /** Moves with every edit: an edit from a screen that showed an older one is refused (0095). */
  version: Generated<number>;
  /** The last edit's time; null when never edited. */
  edited_at: ColumnType<number | null, number | null | undefined, number | null>;
}

/**
 * A comment someone of the proposal has yet to be e-mailed about (decision 0092): the digest job
 * lists and deletes a person's rows once the oldest is a batching window old.
 */
export interface CommentNoticesTable {
  comment_id: string;
  user_id: string;
  proposal_id: string;
  created_at: number;
}

/** Decision 0097: this person stopped the comment e-mails of this proposal. */
export interface CommentEmailOptOutsTable {
  proposal_id: string;
  user_id: string;
  created_at: number;
}

export interface SignaturesTable {
  id: string;
  proposal_id: string;
  role: 'contractor' | 'homeowner';
  user_id: string;
  name: string;
  email: string;
  ip: string;
  user_agent: string;
  signed_at: number;
  last_login_at: number | null;
  file_id: string;
  /** SHA-256 of the canonical JSON of the proposal content as signed. */
  content_hash: string;
  /** The canonical JSON the hash was taken of: the content as signed. */
  content_json: string;
  consent_text: string;
}

/** A signature withdrawn by its signer's edit (decision 0009), kept for the signing log. */
export interface SignatureWithdrawalsTable extends SignaturesTable {
  withdrawn_at: number;
  withdrawn_by: string | null;
}

export interface ProposalEventsTable {
  id: Generated<number>;
  proposal_id: string;
  kind: string;
  user_id: string | null;
  detail: string;
  created_at: number;
}

export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  /**
   * The html and text parts sealed with the app secret (mail/sealed-body.ts); null once sent or
   * finally failed, and for a logged message outside the local environment.
   */
  body: string | null;
  /** pending: waiting for SMTP; sent; failed: gave up after retries; logged: no SMTP configured. */
  status: 'pending' | 'sent' | 'failed' | 'logged';
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
  /**
   * Where replies go (the sender of a help-panel message, the contractor of a proposal or an
   * invitation); null: the From address.
   */
  reply_to: string | null;
  /**
   * The From display name, with MAIL_FROM's address (a contractor's 'Carla via Plansmith',
   * decision 0090); null: MAIL_FROM as it is.
   */
  from_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0: carries a sign-in or proposal link, sent first; 1: everything else. */
  priority: ColumnType<number, number | undefined, number>;
  /** When the link in the message stops working; null: no link with a lifetime. */
  link_expires_at: number | null;
  /** Until when an instance holds the row while sending it; null: nobody is sending it. */
  claimed_until: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ErrorReportsTable {
  id: string;
  source: 'client' | 'server';
  message: string;
  stack: string;
  url: string;
  user_agent: string;
  user_id: string | null;
  request_id: string | null;
  created_at: number;
}

export interface FeedbackTable {
  id: string;
  event_id: string | null;
  email: string;
  message: string;
  url: string;
  user_id: string | null;
  created_at: number;
}

/** A product event (decision 0011): no e-mail, no free text, only ids and small enums. */
/** A save's `Idempotency-Key`, recorded in the save's transaction (decision 0015). */
export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  /** SHA-256 of operation, path and body: the same key with another request is refused. */
  fingerprint: string;
  /** What the first answer needs: an id, a version, or a JSON reply. */
  result: string;
  created_at: number;
}

export interface AnalyticsEventsTable {
  id: string;
  name: string;
  user_id: string | null;
  /** JSON object of non-personal properties, e.g. {"proposalId":"…","role":"contractor"}. */
  properties: string;
  created_at: number;
}

/** The general request rate limit, shared by every instance: one fixed window per client key. */
export interface RequestCountsTable {
  key: string;
  window_ends_at: number;
  hits: number;
}

/** Who last took a periodic job, and until when nobody else may run it. */
export interface JobLeasesTable {
  name: string;
  /** The instance that took it (AppContext.instanceId). */
  holder: string;
  taken_at: number;
  expires_at: number;
}

export interface DatabaseSchema {
  users: UsersTable;
  sessions: SessionsTable;
  login_tokens: LoginTokensTable;
  pending_signups: PendingSignupsTable;
  auth_email_attempts: AuthEmailAttemptsTable;
  proposals: ProposalsTable;
  proposal_members: ProposalMembersTable;
  cost_groups: CostGroupsRow;
  cost_items: CostItemsTable;
  files: FilesTable;
  products: ProductsTable;
  options: OptionsTable;
  comments: CommentsTable;
  comment_notices: CommentNoticesTable;
  comment_email_opt_outs: CommentEmailOptOutsTable;
  signatures: SignaturesTable;
  proposal_events: ProposalEventsTable;
  signature_withdrawals: SignatureWithdrawalsTable;
  mail_outbox: MailOutboxTable;
  error_reports: ErrorReportsTable;
  feedback: FeedbackTable;
  analytics_events: AnalyticsEventsTable;
  idempotency_keys: IdempotencyKeysTable;
  request_counts: RequestCountsTable;
  job_leases: JobLeasesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ProposalRow = Selectable<ProposalsTable>;
export type MailRow = Selectable<MailOutboxTable>;
