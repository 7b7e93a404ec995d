import { z } from 'zod';
import { DEFAULT_CURRENCY } from '../../../shared/domain/currency';
import type { EditorGroup } from '../../../shared/domain/plan-editor';
import {
  costTypeSchema,
  fileRefSchema,
  proposalCurrencySchema,
  sectionVisibilitySchema,
} from '../../../shared/schemas/proposal';
import { DRAFT_KEY, LAST_CREATED_KEY } from '../../lib/local-drafts';
import type { WizardValues } from './wizard-values';

/*
 * docs/product/proposals-editor.md Create flow: the create draft (every field and the plan) lives in local storage, is restored
 * on load and cleared after a successful create. Whatever is stored is parsed, never trusted: a
 * draft from an older build or edited by hand is dropped rather than crashing the wizard.
 */

export { DRAFT_KEY, LAST_CREATED_KEY } from '../../lib/local-drafts';
const DRAFT_VERSION = 1;

const valuesSchema = z.object({
  companyName: z.string(),
  projectName: z.string(),
  projectAddress: z.string(),
  companyLogo: fileRefSchema.nullable(),
  introductoryNote: z.string(),
  name: z.string(),
  phoneNumber: z.string(),
  personalPhoto: fileRefSchema.nullable(),
  showLogo: z.boolean(),
  /** Drafts saved before currencies (decision 0021) restore as USD. */
  currency: proposalCurrencySchema.default(DEFAULT_CURRENCY),
  projectScope: z.string(),
  teamDescription: z.string(),
  currentCondition: z.array(fileRefSchema),
  contract: z.string(),
  sectionVisibility: sectionVisibilitySchema,
}) satisfies z.ZodType<WizardValues>;

const itemSchema = z.object({
  key: z.string().min(1),
  id: z.string().optional(),
  name: z.string(),
  rawCost: z.string(),
  costType: costTypeSchema,
  selection: z.boolean(),
  note: z.string(),
  pristine: z.boolean(),
});

const groupSchema = z.object({
  key: z.string().min(1),
  id: z.string().optional(),
  name: z.string(),
  note: z.string(),
  pristine: z.boolean(),
  images: z.array(fileRefSchema),
  items: z.array(itemSchema),
  moduleKept: z.boolean().optional(),
}) satisfies z.ZodType<EditorGroup>;

const draftSchema = z.object({
  version: z.literal(DRAFT_VERSION),
  /**
   * Which draft this is (decision 0074): a tab writes the slot only while it holds its own draft,
   * so another tab's draft is never overwritten unasked. Drafts saved before it have none.
   */
  id: z.string().min(1).max(100).optional(),
  savedAt: z.number(),
  values: valuesSchema,
  groups: z.array(groupSchema),
});

export type CreateDraft = z.infer<typeof draftSchema>;

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStorage(): DraftStorage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function serializeDraft(
  values: WizardValues,
  groups: EditorGroup[],
  id: string,
  savedAt: number,
): string {
  const draft: CreateDraft = { version: DRAFT_VERSION, id, savedAt, values, groups };
  return JSON.stringify(draft);
}

let idCount = 0;
/** A new draft's id; `crypto.randomUUID` exists only on https and localhost. */
export function newDraftId(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `d-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${(++idCount).toString(36)}`;
}

export function parseDraft(text: string | null): CreateDraft | null {
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = draftSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

export function loadDraft(
  storage: DraftStorage | undefined = defaultStorage(),
): CreateDraft | null {
  try {
    return parseDraft(storage?.getItem(DRAFT_KEY) ?? null);
  } catch {
    return null;
  }
}

/** False when the browser refused (private mode, full quota, docs/product/errors.md): the wizard works on regardless. */
export function saveDraft(
  values: WizardValues,
  groups: EditorGroup[],
  id: string,
  storage: DraftStorage | undefined = defaultStorage(),
  now: number = Date.now(),
): boolean {
  if (!storage) return false;
  try {
    storage.setItem(DRAFT_KEY, serializeDraft(values, groups, id, now));
    return true;
  } catch {
    return false;
  }
}

/**
 * Clears the stored draft; given an id, only when the stored draft is that one (a tab that
 * created or discarded its draft leaves another tab's alone).
 */
export function clearDraft(
  onlyId?: string,
  storage: DraftStorage | undefined = defaultStorage(),
): void {
  try {
    if (onlyId !== undefined) {
      const stored = loadDraft(storage);
      if (stored?.id !== undefined && stored.id !== onlyId) return;
    }
    storage?.removeItem(DRAFT_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/** docs/product/proposals-editor.md: a successful create stores the new proposal's id. */
export function rememberCreated(
  id: string,
  storage: DraftStorage | undefined = defaultStorage(),
): void {
  try {
    storage?.setItem(LAST_CREATED_KEY, id);
  } catch {
    // The id is a convenience; the proposal itself is saved on the server.
  }
}
