import { createHash } from 'node:crypto';
import type { CostGroupsTable, ProposalRow } from '../db/schema';
import {
  loadGroups,
  loadItems,
  loadProposalFiles,
  type FileRow,
  type ItemWithCount,
} from '../proposals/plan-repository';
import { isPriced } from '../../shared/domain/pricing';
import { canonicalJson } from './canonical-json';
import type { Executor } from '../db/helpers';

/*
 * What a signature covers: the proposal's content, cover to contract, as the signer was shown it.
 * Files are named by the SHA-256 of their bytes (so replacing a logo with another image changes
 * the hash, re-uploading the same one does not). Nothing volatile is in it: no row ids, no
 * events, no signatures, no options, comments or shopping progress, no version counter. Editing
 * any field here changes the hash; everything else leaves it alone.
 *
 * `format` names the layout, and each signature is checked in its own. Layout 1 gave an item its
 * cents only, so an item priced at $0.00 and one 'To be priced' (decision 0022) read the same;
 * layout 2 marks the unpriced ones (review 22). A later layout must keep these to re-check older
 * signatures.
 */
export const CONTENT_FORMATS = [
  'plansmith/proposal-content/1',
  'plansmith/proposal-content/2',
] as const;
export type ContentFormat = (typeof CONTENT_FORMATS)[number];
/** The layout of a new signature on a proposal without a standing one. */
export const CONTENT_FORMAT: ContentFormat = 'plansmith/proposal-content/2';

/** The layout a signature's recorded content was written in. */
export function formatOf(contentJson: string): ContentFormat {
  const format = (JSON.parse(contentJson) as { format?: unknown }).format;
  return CONTENT_FORMATS.find((known) => known === format) ?? CONTENT_FORMATS[0];
}

export interface SignedItem {
  name: string;
  costCents: number;
  costType: number | null;
  selection: boolean;
  note: string;
  /** Layout 2: present on an item left to price, which no screen shows as $0.00. */
  unpriced?: true;
}

export interface SignedContent {
  format: ContentFormat;
  cover: {
    companyName: string;
    projectName: string;
    projectAddress: string;
    /** SHA-256 of the logo shown on the cover, or null. */
    logo: string | null;
  };
  welcome: { note: string; name: string; phone: string };
  bigPicture: { scope: string; team: string; currentCondition: string[] };
  plan: { name: string; note: string; images: string[]; items: SignedItem[] }[];
  contract: string;
  /**
   * The currency its money is shown in (decision 0021), present only when it is not USD: every
   * proposal signed before currencies was in dollars, so their content, and hash, stay the same.
   */
  currency?: 'EUR' | 'GBP';
  /** Which sections are shown: hiding the contract changes what a signer sees. */
  sections: {
    cover: boolean;
    welcome: boolean;
    bigpicture: boolean;
    plan: boolean;
    shoppinglist: boolean;
    contract: boolean;
  };
}

type ContentRow = Pick<
  ProposalRow,
  | 'id'
  | 'company_name'
  | 'project_name'
  | 'project_address'
  | 'introductory_note'
  | 'name'
  | 'phone_number'
  | 'project_scope'
  | 'team_description'
  | 'contract'
  | 'company_logo_file_id'
  | 'show_cover'
  | 'show_welcome'
  | 'show_bigpicture'
  | 'show_plan'
  | 'show_shoppinglist'
  | 'show_contract'
  | 'currency'
>;

/** Pure: the content from the proposal's rows. */
export function buildContent(
  row: ContentRow,
  groups: readonly CostGroupsTable[],
  items: readonly ItemWithCount[],
  files: readonly FileRow[],
  format: ContentFormat = CONTENT_FORMAT,
): SignedContent {
  const marksUnpriced = format !== CONTENT_FORMATS[0];
  const logo = row.company_logo_file_id
    ? (files.find((f) => f.id === row.company_logo_file_id)?.sha256 ?? null)
    : null;
  const attached = files.filter((f) => f.proposal_id === row.id);
  return {
    format,
    cover: {
      companyName: row.company_name,
      projectName: row.project_name,
      projectAddress: row.project_address,
      logo,
    },
    welcome: { note: row.introductory_note, name: row.name, phone: row.phone_number },
    bigPicture: {
      scope: row.project_scope,
      team: row.team_description,
      currentCondition: attached.filter((f) => f.kind === 'current_condition').map((f) => f.sha256),
    },
    plan: groups.map((group) => ({
      name: group.name,
      note: group.note,
      images: attached
        .filter((f) => f.kind === 'group_image' && f.group_id === group.id)
        .map((f) => f.sha256),
      items: items
        .filter((item) => item.group_id === group.id)
        .map((item) => ({
          name: item.name,
          costCents: item.cost_cents,
          costType: item.cost_type,
          selection: item.selection === 1,
          note: item.note,
          ...(marksUnpriced && !isPriced({ rawCost: item.raw_cost, costCents: item.cost_cents })
            ? { unpriced: true as const }
            : {}),
        })),
    })),
    contract: row.contract,
    ...(row.currency === 'USD' ? {} : { currency: row.currency }),
    sections: {
      cover: row.show_cover === 1,
      welcome: row.show_welcome === 1,
      bigpicture: row.show_bigpicture === 1,
      plan: row.show_plan === 1,
      shoppinglist: row.show_shoppinglist === 1,
      contract: row.show_contract === 1,
    },
  };
}

/** Reads the proposal's content now (inside the signing transaction, under its lock). */
export async function loadContent(
  db: Executor,
  row: ContentRow,
  format: ContentFormat = CONTENT_FORMAT,
): Promise<SignedContent> {
  const borrowed = row.company_logo_file_id ? [row.company_logo_file_id] : [];
  const [groups, items, files] = [
    await loadGroups(db, row.id),
    await loadItems(db, row.id),
    await loadProposalFiles(db, row.id, borrowed),
  ];
  return buildContent(row, groups, items, files, format);
}

/**
 * The layout to record or check a proposal's signatures in: that of its standing signature if it
 * has one, so that both parties' fingerprints of one proposal compare; else the newest.
 */
export function formatFor(standing: readonly { content_json: string }[]): ContentFormat {
  const first = standing[0];
  return first ? formatOf(first.content_json) : CONTENT_FORMAT;
}

export interface HashedContent {
  json: string;
  /** SHA-256 of the canonical JSON's UTF-8 bytes, lower-case hex. */
  hash: string;
}

export function hashContent(content: SignedContent): HashedContent {
  const json = canonicalJson(content);
  return { json, hash: createHash('sha256').update(json, 'utf8').digest('hex') };
}
