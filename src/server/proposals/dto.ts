import { isResend, shoppingPercent, statusLabel } from '../../shared/domain/status';
import type {
  CostGroup,
  FileRef,
  Proposal,
  ProposalAccess,
  ProposalEvents,
  ProposalInputParsed,
  ProposalListItem,
  Waiting,
} from '../../shared/schemas/proposal';
import type { CostGroupsTable, ProposalRow } from '../db/schema';
import { fileUrl } from '../files/urls';
import type { FileRow, ItemWithCount } from './plan-repository';
import type { ListRow, ProposalForCaller } from './repository';

/** Rows to the docs/product/model.md shapes of src/shared/schemas/proposal.ts. */

type EventColumns = Pick<
  ProposalRow,
  'created_at' | 'sent_at' | 'edited_at' | 'signed_by_contractor_at' | 'signed_by_homeowner_at'
>;

export function eventsOf(row: EventColumns): ProposalEvents {
  return {
    created: row.created_at,
    sent: row.sent_at,
    edited: row.edited_at,
    signedByContractor: row.signed_by_contractor_at,
    signedByHomeowner: row.signed_by_homeowner_at,
  };
}

export function fileRef(file: FileRow): FileRef {
  return {
    id: file.id,
    url: fileUrl(file.id),
    originalName: file.original_name,
    contentType: file.content_type,
    size: file.size,
  };
}

export interface LoadedPlan {
  groups: CostGroupsTable[];
  items: ItemWithCount[];
  files: FileRow[];
  signatures: { role: 'contractor' | 'homeowner'; file_id: string }[];
}

/** The plan's groups in `plan.groups` order: those given, with their items and images. */
export function costGroups(plan: LoadedPlan): CostGroup[] {
  const itemsByGroup = new Map<string, ItemWithCount[]>();
  for (const item of plan.items) {
    const list = itemsByGroup.get(item.group_id) ?? [];
    list.push(item);
    itemsByGroup.set(item.group_id, list);
  }
  const imagesByGroup = new Map<string, FileRow[]>();
  for (const file of plan.files) {
    if (file.kind !== 'group_image' || !file.group_id) continue;
    const list = imagesByGroup.get(file.group_id) ?? [];
    list.push(file);
    imagesByGroup.set(file.group_id, list);
  }
  return plan.groups.map((group) => ({
    id: group.id,
    _id: group.id,
    name: group.name,
    note: group.note,
    values: (itemsByGroup.get(group.id) ?? []).map((item) => ({
      id: item.id,
      _id: item.id,
      name: item.name,
      costCents: item.cost_cents,
      rawCost: item.raw_cost,
      costType: item.cost_type as CostGroup['values'][number]['costType'],
      selection: item.selection === 1,
      note: item.note,
      optionCount: item.option_count,
    })),
    images: (imagesByGroup.get(group.id) ?? []).map(fileRef),
  }));
}

export function toProposal(
  row: ProposalForCaller,
  plan: LoadedPlan,
  access: ProposalAccess,
): Proposal {
  const byId = new Map(plan.files.map((f) => [f.id, f]));
  const single = (id: string | null) => {
    const file = id ? byId.get(id) : undefined;
    return file ? fileRef(file) : null;
  };
  const signature = (role: 'contractor' | 'homeowner') => {
    const s = plan.signatures.find((x) => x.role === role);
    return s ? fileUrl(s.file_id) : null;
  };
  const events = eventsOf(row);
  return {
    _id: row.id,
    proposalId: row.id,
    version: row.version,
    ownerName: row.owner_name ?? '',
    companyName: row.company_name,
    projectName: row.project_name,
    projectAddress: row.project_address,
    introductoryNote: row.introductory_note,
    name: row.name,
    phoneNumber: row.phone_number,
    projectScope: row.project_scope,
    teamDescription: row.team_description,
    contract: row.contract,
    date: row.date,
    showLogo: row.show_logo === 1,
    currency: row.currency,
    isPublic: row.is_public === 1,
    signed: row.signed_by_homeowner_at !== null,
    edited: isResend(events),
    personalPhoto: single(row.personal_photo_file_id),
    companyLogo: single(row.company_logo_file_id),
    currentCondition: plan.files
      .filter((f) => f.kind === 'current_condition' && f.proposal_id === row.id)
      .map(fileRef),
    sectionVisibility: {
      cover: row.show_cover === 1,
      welcome: row.show_welcome === 1,
      bigpicture: row.show_bigpicture === 1,
      plan: row.show_plan === 1,
      shoppinglist: row.show_shoppinglist === 1,
      contract: row.show_contract === 1,
    },
    events,
    costGroups: costGroups(plan),
    homeownerSignature: signature('homeowner'),
    contractorsSignature: signature('contractor'),
    access,
  };
}

/** The homeowner a proposal was sent to, as the list's second query reads them. */
export interface ListHomeowner {
  name: string;
  email: string;
  opened_at: number | null;
}

/**
 * Who the proposal waits for (decision 0019): nobody before sending; the homeowner, then the
 * contractor, whoever has not signed. The contractor is named as a person signs: the name on the
 * proposal, else the owner's account name, else a company. A homeowner removed after sending is
 * not waited for: nobody can sign in that block until the owner sends it again.
 */
export function waitingOf(
  row: ListRow,
  access: ProposalAccess,
  homeowner: ListHomeowner | undefined,
): Waiting {
  const homeownerSignedAt = row.signed_by_homeowner_at;
  if (row.sent_at === null) return { pending: [], homeownerSignedAt, notOpened: false };
  const pending: Waiting['pending'] = [];
  if (row.signed_by_homeowner_at === null && homeowner) {
    pending.push({
      role: 'homeowner',
      name: homeowner.name.trim() || homeowner.email,
      you: access.role === 'homeowner',
    });
  }
  if (row.signed_by_contractor_at === null) {
    const contractor = [row.name, row.owner_name, row.company_name, row.owner_company_name]
      .map((s) => (s ?? '').trim())
      .find(Boolean);
    pending.push({
      role: 'contractor',
      name: contractor ?? 'the contractor',
      you: access.role === 'owner',
    });
  }
  const notOpened =
    access.role === 'owner' &&
    row.signed_by_homeowner_at === null &&
    homeowner !== undefined &&
    homeowner.opened_at === null;
  return { pending, homeownerSignedAt, notOpened };
}

export function toListItem(
  row: ListRow,
  access: ProposalAccess,
  optionCounts: readonly number[],
  homeowner?: ListHomeowner,
): ProposalListItem {
  const events = eventsOf(row);
  return {
    _id: row.id,
    name: row.name,
    projectName: row.project_name,
    events,
    status: statusLabel(events),
    shoppingPercent: shoppingPercent(
      optionCounts.map((optionCount) => ({ selection: true, optionCount })),
    ),
    isPublic: row.is_public === 1,
    signed: row.signed_by_homeowner_at !== null,
    archived: access.role === 'owner' && row.archived_at !== null,
    access,
    waiting: waitingOf(row, access, homeowner),
  };
}

/** docs/product/proposals-editor.md Duplicate: contract, note, company fields and the plan; no images, no ids, no project. */
export function toDuplicateDraft(row: ProposalRow, plan: LoadedPlan): ProposalInputParsed {
  const groups = costGroups(plan);
  return {
    companyName: row.company_name,
    projectName: '',
    projectAddress: '',
    introductoryNote: row.introductory_note,
    name: row.name,
    phoneNumber: row.phone_number,
    projectScope: '',
    teamDescription: '',
    contract: row.contract,
    showLogo: row.show_logo === 1,
    currency: row.currency,
    sectionVisibility: {
      cover: row.show_cover === 1,
      welcome: row.show_welcome === 1,
      bigpicture: row.show_bigpicture === 1,
      plan: row.show_plan === 1,
      shoppinglist: row.show_shoppinglist === 1,
      contract: row.show_contract === 1,
    },
    personalPhotoId: null,
    companyLogoId: null,
    currentConditionIds: [],
    costGroups: groups.map((group) => ({
      name: group.name,
      note: group.note,
      pristine: false,
      imageIds: [],
      values: group.values.map((item) => ({
        name: item.name,
        rawCost: item.rawCost,
        costType: item.costType,
        selection: item.selection,
        note: item.note,
        pristine: false,
      })),
    })),
  };
}
