import { randomUUID } from 'node:crypto';
import { DEFAULT_SORT, searchWords } from '../../shared/domain/dashboard-list';
import { optionsGainedMessage, type RemovedItem } from '../../shared/domain/plan-removals';
import {
  ACTIVITY_KINDS,
  type ActivityEvent,
  type Proposal,
  type ProposalAccess,
  type ProposalInputParsed,
  type ProposalList,
  type ProposalListQuery,
} from '../../shared/schemas/proposal';
import type { AppContext } from '../context';
import type { ProposalRow, UserRow } from '../db/schema';
import { conflict, notFound, unauthorized } from '../http/errors';
import { recordKey, type SaveKey } from '../idempotency/keys';
import { accessFor, lockOwned, readableAccess, readableOr404, requireOwner } from './access';
import { costGroups, toListItem, toProposal, type ListHomeowner, type LoadedPlan } from './dto';
import { applyFileRefs, type CurrentRefs, type Uploader } from './file-refs';
import { readContent, recordEdit } from './edit-trace';
import { cursorAt, decodeCursor, encodeCursor } from './list-cursor';
import { countForUser, listForUser } from './list-repository';
import { buildPlan } from './plan';
import {
  groupPart,
  proposalReply,
  type KeptPlans,
  type PlanPart,
  type ProposalReply,
} from './reply-json';
import {
  deleteGroups,
  deleteItems,
  existingPlanIds,
  loadGroups,
  loadItems,
  loadPlanRows,
  loadProposalFiles,
  loadSignatures,
  optionCountsOf,
  upsertGroups,
  upsertItems,
} from './plan-repository';
import { formatOf, hashContent, loadContent } from '../signing/content';
import { findSignature } from '../signing/repository';
import { withdrawSignature } from '../signing/withdraw';
import {
  findProposalForCaller,
  findProposalForReader,
  loadProposalRow,
  insertEvent,
  markEdited,
  insertProposal,
  homeownersOf,
  loadEvents,
  recordOpened,
  selectionOptionCounts,
  setProposalFiles,
  updateProposalIfCurrent,
  type ProposalFields,
  type ProposalForReader,
} from './repository';
import type { Executor, Trx } from '../db/helpers';

function fieldsOf(input: ProposalInputParsed): ProposalFields {
  const v = input.sectionVisibility;
  const flag = (b: boolean): 0 | 1 => (b ? 1 : 0);
  return {
    company_name: input.companyName,
    project_name: input.projectName,
    project_address: input.projectAddress,
    introductory_note: input.introductoryNote,
    name: input.name,
    phone_number: input.phoneNumber,
    project_scope: input.projectScope,
    team_description: input.teamDescription,
    contract: input.contract,
    show_logo: flag(input.showLogo),
    currency: input.currency,
    show_cover: flag(v.cover),
    show_welcome: flag(v.welcome),
    show_bigpicture: flag(v.bigpicture),
    show_plan: flag(v.plan),
    show_shoppinglist: flag(v.shoppinglist),
    show_contract: flag(v.contract),
  };
}

/** The plan and files of a proposal: four queries, whatever its size. */
export async function loadPlan(
  db: Executor,
  row: Pick<ProposalRow, 'id' | 'personal_photo_file_id' | 'company_logo_file_id'>,
): Promise<LoadedPlan> {
  const borrowed = [row.personal_photo_file_id, row.company_logo_file_id].filter(
    (id): id is string => id !== null,
  );
  return {
    groups: await loadGroups(db, row.id),
    items: await loadItems(db, row.id),
    files: await loadProposalFiles(db, row.id, borrowed),
    signatures: await loadSignatures(db, row.id),
  };
}

/** Replaces the plan with the payload's (docs/product/proposals-editor.md save rules) and attaches the files it names. */
async function writeContent(
  trx: Executor,
  proposalId: string,
  input: ProposalInputParsed,
  uploader: Uploader,
  current: CurrentRefs,
  /** The removed items' option counts the editor showed (decision 0073); unchecked without. */
  removing?: readonly RemovedItem[],
): Promise<void> {
  const plan = buildPlan(proposalId, input.costGroups, await existingPlanIds(trx, proposalId));
  if (removing && plan.removedItemIds.length > 0) {
    // Under the proposal's lock, which an option's add takes first: no option lands meanwhile.
    const shown = new Map(removing.map((item) => [item.id, item.optionCount]));
    const order = new Map(plan.removedItemIds.map((id, index) => [id, index]));
    const gained = (await optionCountsOf(trx, plan.removedItemIds))
      .filter((item) => item.count > (shown.get(item.id) ?? 0))
      .sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    if (gained.length > 0)
      throw conflict('options_gained', optionsGainedMessage(gained.map((item) => item.name)));
  }
  // Kept and new rows first (an item may move into a new group), removals after.
  await upsertGroups(trx, plan.groups);
  await upsertItems(trx, plan.items);
  await deleteItems(trx, proposalId, plan.removedItemIds);
  await deleteGroups(trx, proposalId, plan.removedGroupIds);
  const refs = await applyFileRefs(trx, proposalId, input, plan, uploader, current);
  await setProposalFiles(trx, proposalId, refs);
}

export interface Creator {
  user: UserRow | null;
  /** Logged out: the claim hash to store with the proposal. */
  claimHash: string | null;
  /** This browser's logged-out upload cookie hash, if any. */
  uploadTokenHash: string | null;
  /** The request's idempotency key, recorded with the new proposal (decision 0015). */
  saveKey?: SaveKey | null;
}

/**
 * POST /api/proposal: a signed-in contractor's own proposal, or an unowned one to claim (made
 * logged out, or by a signed-in homeowner or designer through 'Send Proposal': decision 0010).
 */
export async function createProposal(
  ctx: AppContext,
  creator: Creator,
  input: ProposalInputParsed,
): Promise<string> {
  const { user } = creator;
  const owner = user?.role === 'contractor' ? user : null;
  const id = randomUUID();
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await insertProposal(trx, {
      id,
      owner_id: owner?.id ?? null,
      claim_token_hash: owner ? null : creator.claimHash,
      deleted_at: null,
      version: 1,
      ...fieldsOf(input),
      is_public: 0,
      personal_photo_file_id: null,
      company_logo_file_id: null,
      date: now,
      created_at: now,
      sent_at: null,
      edited_at: null,
      signed_by_contractor_at: null,
      signed_by_homeowner_at: null,
      archived_at: null,
    });
    const uploader: Uploader = {
      userId: user?.id ?? null,
      uploadTokenHash: creator.uploadTokenHash,
      accountLogoId: owner?.company_logo_file_id ?? null,
    };
    await writeContent(trx, id, input, uploader, {
      personal_photo_file_id: null,
      company_logo_file_id: null,
    });
    await insertEvent(trx, {
      proposal_id: id,
      kind: 'created',
      user_id: user?.id ?? null,
      detail: '',
      now,
    });
    await recordKey(trx, creator.saveKey ?? null, id, now);
  });
  return id;
}

/**
 * Any signature freezes the content (decision 0009): once the homeowner signed, nothing changes;
 * after the contractor alone signed, a save that changes the signed content (signing/content.ts)
 * must withdraw that signature, and says so with `withdrawSignature`. A save that leaves the
 * signed content as it was (same hash) keeps the signature.
 */
async function settleContractorSignature(
  ctx: AppContext,
  trx: Trx,
  id: string,
  ownerId: string,
  withdraw: boolean,
): Promise<void> {
  const row = await loadProposalRow(trx, id);
  const signature = await findSignature(trx, id, 'contractor');
  const format = signature ? formatOf(signature.content_json) : undefined;
  const hash = hashContent(await loadContent(trx, row, format)).hash;
  if (signature && signature.content_hash === hash) return;
  // Throwing rolls the whole save back.
  if (!withdraw) throw conflict('contractor_signed');
  await withdrawSignature(ctx, trx, row, 'contractor', ownerId, ctx.now());
}

/**
 * PUT /api/proposal/:id: owner only, from the current version, until the homeowner signs; after
 * the contractor signed, only with `withdrawSignature`, which withdraws it in the same transaction.
 */
export async function updateProposal(
  ctx: AppContext,
  user: UserRow | null,
  id: string,
  input: ProposalInputParsed & {
    version: number;
    withdrawSignature: boolean;
    removing?: RemovedItem[] | undefined;
  },
  uploadTokenHash: string | null,
  /** Recorded with the change, so a retry of this very save is recognised (decision 0015). */
  saveKey: SaveKey | null = null,
): Promise<Proposal> {
  const { proposal, user: owner } = await requireOwner(ctx, user, id);
  if (proposal.signed_by_homeowner_at !== null) throw conflict('frozen_after_signing');
  if (proposal.version !== input.version) throw conflict('stale_version');
  await ctx.db.transaction().execute(async (trx) => {
    // Under the row lock a signature and a reassign also take: signed or given away meanwhile
    // is seen here.
    const locked = await lockOwned(trx, ctx.dialect, id, owner.id);
    if (locked.signed_by_homeowner_at !== null) throw conflict('frozen_after_signing');
    // Sent: the edited time moves, and the edit is recorded, only if what the homeowner reads
    // changed (decision 0085); the wizard sends the whole proposal, changed or not.
    const before = locked.sent_at !== null ? await readContent(trx, locked) : null;
    const now = ctx.now();
    // The conditional update is the real check: two saves racing from one version, one wins.
    const updated = await updateProposalIfCurrent(
      trx,
      id,
      input.version,
      fieldsOf(input),
      before === null ? now : undefined,
    );
    if (!updated) {
      const current = await findProposalForCaller(trx, id, owner.id);
      if (!current || current.deleted_at !== null) throw notFound();
      if (current.signed_by_homeowner_at !== null) throw conflict('frozen_after_signing');
      throw conflict('stale_version');
    }
    await writeContent(
      trx,
      id,
      input,
      { userId: owner.id, uploadTokenHash, accountLogoId: owner.company_logo_file_id },
      proposal,
      input.removing,
    );
    // Before a withdrawal it causes: the activity reads 'Edited', then 'Signature … withdrawn'.
    if (before !== null && (await readContent(trx, await loadProposalRow(trx, id))) !== before) {
      await markEdited(trx, id, now);
      await recordEdit(trx, id, owner.id, now);
    }
    if (locked.signed_by_contractor_at !== null) {
      await settleContractorSignature(ctx, trx, id, owner.id, input.withdrawSignature);
    }
    await recordKey(trx, saveKey, String(input.version + 1), ctx.now());
  });
  ctx.mailer.kick();
  return getProposal(ctx, owner, id);
}

/** The owner's activity list: the events of ACTIVITY_KINDS, oldest first. */
async function activityOf(db: Executor, proposalId: string): Promise<ActivityEvent[]> {
  const rows = await loadEvents(db, proposalId, ACTIVITY_KINDS);
  return rows.map((r) => {
    const detail = parseDetail(r.detail);
    const event: ActivityEvent = {
      kind: r.kind as ActivityEvent['kind'],
      at: r.created_at,
      by: (r.name ?? '').trim() || (r.email ?? ''),
    };
    if (detail.role === 'contractor' || detail.role === 'homeowner') event.role = detail.role;
    if (r.kind === 'sent' && typeof detail.to === 'string') event.to = detail.to;
    if (r.kind === 'chosen') {
      if (typeof detail.item === 'string') event.item = detail.item;
      if (typeof detail.product === 'string') event.product = detail.product;
    }
    return event;
  });
}

function parseDetail(detail: string): Record<string, unknown> {
  if (!detail) return {};
  try {
    const value: unknown = JSON.parse(detail);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The logo and photo the header names: they may be the account's files, not the proposal's. */
function borrowedFiles(row: ProposalForReader): string[] {
  return [row.personal_photo_file_id, row.company_logo_file_id].filter(
    (id): id is string => id !== null,
  );
}

/** The reader's row brought the signatures' images. */
function signaturesOf(row: ProposalForReader): LoadedPlan['signatures'] {
  const signatures: LoadedPlan['signatures'] = [];
  if (row.contractor_signature_file_id !== null)
    signatures.push({ role: 'contractor', file_id: row.contractor_signature_file_id });
  if (row.homeowner_signature_file_id !== null)
    signatures.push({ role: 'homeowner', file_id: row.homeowner_signature_file_id });
  return signatures;
}

/** The plan and files of a proposal's reply: three queries; its row brought the signatures. */
async function loadReplyPlan(db: Executor, row: ProposalForReader): Promise<LoadedPlan> {
  return {
    groups: await loadGroups(db, row.id),
    items: await loadItems(db, row.id),
    files: await loadProposalFiles(db, row.id, borrowedFiles(row)),
    signatures: signaturesOf(row),
  };
}

/** The plan's structure: moved by every write not known to leave the plan or change one group. */
const structureOf = (row: ProposalForReader) =>
  row.reply_version - row.header_changes - row.group_changes;

/**
 * The proposal's files, kept by the plan's structure and the files the header borrows (decision
 * 0045): the writes that leave the structure (header-only and one-group writes: visibility,
 * archive, sending, opens, notes, option counts) attach or detach no file, so a first read after
 * one runs no files query. Read after the reader's row, so kept files are never older than the
 * structure they are kept under.
 */
async function replyFiles(
  db: Executor,
  row: ProposalForReader,
  plans: KeptPlans,
): Promise<LoadedPlan['files']> {
  const key = `${row.id}:${structureOf(row)}:${row.personal_photo_file_id}:${row.company_logo_file_id}`;
  let files = plans.files(key);
  if (files === undefined) {
    files = await loadProposalFiles(db, row.id, borrowedFiles(row));
    plans.setFiles(key, files);
  }
  return files;
}

/**
 * The plan's JSON from its groups' parts (decision 0043): one statement reads the groups with
 * their part versions and the items of the groups whose part is not kept (decision 0045),
 * whatever the size. A part is keyed by the plan's structure (`reply_version - header_changes -
 * group_changes`, moved by every write not known to change one group only) and the group's part
 * version (moved by each write that is): as with the plan (decision 0036), a part is kept under
 * the versions it was read after, so it is that version or a newer one, never an older one.
 */
async function planOfParts(
  db: Executor,
  dialect: AppContext['dialect'],
  proposal: ProposalForReader,
  files: LoadedPlan['files'],
  plans: KeptPlans,
): Promise<PlanPart[]> {
  const structure = structureOf(proposal);
  const prefix = `${proposal.id}:${structure}`;
  // The parts held for the statement's answer, each looked up once: the cache may drop one
  // meanwhile, this read still has it.
  const held = new Map<string, PlanPart>();
  for (const name of plans.lastParts(proposal.id, structure)) {
    const part = plans.part(`${prefix}:${name}`);
    if (part !== undefined) held.set(name, part);
  }
  const { groups, items } = await loadPlanRows(db, dialect, proposal.id, [...held.keys()]);
  const keyOf = (group: (typeof groups)[number]) => `${prefix}:${group.id}:${group.part_version}`;
  const parts = groups.map((group) =>
    group.kept ? held.get(`${group.id}:${group.part_version}`) : undefined,
  );
  const stale = groups.filter((_, i) => parts[i] === undefined);
  if (stale.length > 0) {
    const built = costGroups({ groups: stale, items, files, signatures: [] });
    let next = 0;
    groups.forEach((group, i) => {
      if (parts[i] !== undefined) return;
      const part = groupPart(built[next++]!);
      plans.setPart(keyOf(group), part);
      parts[i] = part;
    });
  }
  plans.setLastParts(
    proposal.id,
    structure,
    groups.map((g) => `${g.id}:${g.part_version}`),
  );
  return parts as PlanPart[];
}

export interface ProposalRead {
  /**
   * What the reply is made of: the proposal, its reply version as the database has it now, and
   * the part that differs between readers (their access; the owner's activity goes with it).
   * Two reads with one key answer the same bytes (decision 0024).
   */
  key: string;
  build(): Promise<Proposal>;
  /**
   * The reply's JSON, as the route's schema writes it, with the plan's parts taken from `plans`
   * when kept for the versions the database has now (decisions 0036, 0043), else built and kept;
   * and its gzip bytes from the parts' kept deflate data.
   */
  json(plans: KeptPlans): Promise<ProposalReply>;
}

/** The reader's query already run for this request and user, with the session (decision 0042). */
export interface Preread {
  id: string;
  userId: string;
  reader: ProposalForReader | undefined;
}

/** The session's statement already found its user able to read this proposal. */
export function sessionReads(preread: Preread | undefined, id: string): boolean {
  return (
    preread !== undefined &&
    preread.id === id &&
    preread.reader !== undefined &&
    accessFor(preread.userId, preread.reader) !== null
  );
}

/**
 * GET /api/proposal/:id: checks the caller's access and records a homeowner's first open in one
 * query (two more on that first open); the reply is built only when asked for, so a kept one
 * costs nothing more.
 */
export async function readProposal(
  ctx: AppContext,
  user: UserRow | null,
  id: string,
  printAccess = false,
  preread?: Preread,
): Promise<ProposalRead> {
  const userId = user?.id ?? null;
  const found =
    preread && preread.id === id && preread.userId === userId
      ? preread.reader
      : await findProposalForReader(ctx.db, id, userId);
  const { proposal, access } = readableOr404(userId, found, printAccess);
  // The homeowner's first open is an event for the owner's activity list (decision 0009).
  if (firstOpen(user, access, proposal)) await recordOpened(ctx.db, id, user!.id, ctx.now());
  // The activity is the owner's only: everyone else's answer has no such field.
  const withActivity = async (read: Proposal) =>
    access.role === 'owner' ? { ...read, activity: await activityOf(ctx.db, id) } : read;
  return {
    key: replyKey(id, proposal, access),
    build: async () =>
      withActivity(toProposal(proposal, await loadReplyPlan(ctx.db, proposal), access)),
    json: async (plans) => {
      // The same for every reader: the plan carries nothing of the caller's access.
      const planKey = `${id}:${proposal.reply_version - proposal.header_changes}`;
      const files = await replyFiles(ctx.db, proposal, plans);
      const header = { groups: [], items: [], files, signatures: signaturesOf(proposal) };
      const read = toProposal(proposal, header, access);
      let plan = plans.plan(planKey);
      if (plan === undefined) {
        plan = await planOfParts(ctx.db, ctx.dialect, proposal, files, plans);
        plans.setPlan(planKey, plan);
      }
      return proposalReply(await withActivity(read), plan);
    },
  };
}

/** What names a kept reply (decision 0024): the proposal's version and the reader's access. */
function replyKey(id: string, proposal: ProposalForReader, access: ProposalAccess): string {
  return `${id}:${proposal.reply_version}:${access.role}:${access.canEdit}`;
}

function firstOpen(user: UserRow | null, access: ProposalAccess, proposal: ProposalForReader) {
  return access.role === 'homeowner' && user !== null && !proposal.opened_before;
}

/**
 * The key of the kept reply `readProposal` would send from the session's statement, when that
 * read needs nothing more (decision 0051): the caller may read it and it is not a homeowner's
 * first open. Undefined otherwise, and readProposal decides (the 404, the first open).
 */
export function keptReadKey(
  user: UserRow | null,
  id: string,
  printAccess: boolean,
  preread: Preread | undefined,
): string | undefined {
  const userId = user?.id ?? null;
  const proposal = preread?.reader;
  if (!proposal || preread.id !== id || preread.userId !== userId) return undefined;
  const access = readableAccess(userId, proposal, printAccess);
  if (!access || firstOpen(user, access, proposal)) return undefined;
  return replyKey(id, proposal, access);
}

/** The proposal as GET /api/proposal/:id answers it, built afresh. */
export async function getProposal(
  ctx: AppContext,
  user: UserRow | null,
  id: string,
  printAccess = false,
): Promise<Proposal> {
  return (await readProposal(ctx, user, id, printAccess)).build();
}

/** GET /api/proposal/: the caller's proposals, owned or member of, newest first. */
export async function listProposals(
  ctx: AppContext,
  user: UserRow | null,
  query: ProposalListQuery,
): Promise<ProposalList> {
  if (!user) throw unauthorized();
  const sort = query.sort ?? DEFAULT_SORT;
  const cursor = query.cursor ? decodeCursor(query.cursor, sort) : undefined;
  const filter = {
    archived: query.archived,
    status: query.status === undefined || query.status === 'all' ? null : query.status,
    words: searchWords(query.q),
    sort,
  };
  const rows = await listForUser(ctx.db, ctx.dialect, user.id, filter, cursor, query.limit + 1);
  const total = await countForUser(ctx.db, ctx.dialect, user.id, filter);
  const page = rows.slice(0, query.limit);
  const counts = new Map<string, number[]>();
  for (const c of await selectionOptionCounts(
    ctx.db,
    page.map((r) => r.id),
  )) {
    const list = counts.get(c.proposal_id) ?? [];
    list.push(c.option_count);
    counts.set(c.proposal_id, list);
  }
  // The first homeowner of each proposal (as findHomeowner picks), for the waiting line.
  const homeowners = new Map<string, ListHomeowner>();
  for (const h of await homeownersOf(
    ctx.db,
    page.map((r) => r.id),
  )) {
    if (!homeowners.has(h.proposal_id)) homeowners.set(h.proposal_id, h);
  }
  const items = page.flatMap((row) => {
    const access = accessFor(user.id, row);
    return access
      ? [toListItem(row, access, counts.get(row.id) ?? [], homeowners.get(row.id))]
      : [];
  });
  const last = page[page.length - 1];
  return {
    items,
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor(cursorAt(sort, last.sort_key, last.id))
        : null,
    total,
  };
}
