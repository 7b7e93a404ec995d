import { DEFAULT_CONTRACT, DEFAULT_WELCOME_NOTE } from '../../../shared/defaults/texts';
import { DEFAULT_CURRENCY, type ProposalCurrency } from '../../../shared/domain/currency';
import {
  blankItem,
  toCostGroupInputs,
  type EditorGroup,
  type KeyFactory,
  type PlanState,
} from '../../../shared/domain/plan-editor';
import type { User } from '../../../shared/schemas/auth';
import {
  allSectionsVisible,
  type CostGroupInputParsed,
  type FileRef,
  type Proposal,
  type ProposalInput,
  type ProposalInputParsed,
  type SectionVisibility,
} from '../../../shared/schemas/proposal';

/** Every wizard field except the plan, which has its own reducer. */
export interface WizardValues {
  companyName: string;
  projectName: string;
  projectAddress: string;
  companyLogo: FileRef | null;
  introductoryNote: string;
  name: string;
  phoneNumber: string;
  personalPhoto: FileRef | null;
  showLogo: boolean;
  /** The currency the proposal's money is shown in (decision 0021). */
  currency: ProposalCurrency;
  projectScope: string;
  teamDescription: string;
  currentCondition: FileRef[];
  contract: string;
  sectionVisibility: SectionVisibility;
}

/**
 * A fresh proposal: the default welcome note and contract (docs/product/proposals-editor.md), every section shown. A signed-in
 * contractor's own name, company, phone and company logo are filled in for them (the logo is
 * borrowed from the account, decision 0098).
 */
export function defaultWizardValues(
  user?: Pick<User, 'name' | 'companyName' | 'phoneNumber'> | null,
  accountLogo: FileRef | null = null,
): WizardValues {
  return {
    companyName: user?.companyName ?? '',
    projectName: '',
    projectAddress: '',
    companyLogo: accountLogo,
    introductoryNote: DEFAULT_WELCOME_NOTE,
    name: user?.name ?? '',
    phoneNumber: user?.phoneNumber ?? '',
    personalPhoto: null,
    showLogo: true,
    currency: DEFAULT_CURRENCY,
    projectScope: '',
    teamDescription: '',
    currentCondition: [],
    contract: DEFAULT_CONTRACT,
    sectionVisibility: { ...allSectionsVisible },
  };
}

/** The edit form for a saved proposal. */
export function valuesFromProposal(p: Proposal): WizardValues {
  return {
    companyName: p.companyName,
    projectName: p.projectName,
    projectAddress: p.projectAddress,
    companyLogo: p.companyLogo,
    introductoryNote: p.introductoryNote,
    name: p.name,
    phoneNumber: p.phoneNumber,
    personalPhoto: p.personalPhoto,
    showLogo: p.showLogo,
    currency: p.currency,
    projectScope: p.projectScope,
    teamDescription: p.teamDescription,
    currentCondition: p.currentCondition,
    contract: p.contract,
    sectionVisibility: { ...p.sectionVisibility },
  };
}

/**
 * A draft handed over by Duplicate or 'Send Proposal' (docs/product/proposals-editor.md): its texts and groups, without files
 * (the payload carries file ids only, and docs/product/proposals-editor.md Duplicate copies no images).
 */
export function valuesFromInput(input: ProposalInputParsed): WizardValues {
  return {
    companyName: input.companyName,
    projectName: input.projectName,
    projectAddress: input.projectAddress,
    companyLogo: null,
    introductoryNote: input.introductoryNote,
    name: input.name,
    phoneNumber: input.phoneNumber,
    personalPhoto: null,
    showLogo: input.showLogo,
    currency: input.currency,
    projectScope: input.projectScope,
    teamDescription: input.teamDescription,
    currentCondition: [],
    contract: input.contract,
    sectionVisibility: { ...input.sectionVisibility },
  };
}

/** Editor groups for a handed-over draft: new keys, no ids, no images; the reducer adds blank rows. */
export function groupsFromInputs(
  groups: readonly CostGroupInputParsed[],
  newKey: KeyFactory,
): EditorGroup[] {
  return groups.map((group) => {
    const items = (group.values ?? []).map((item) => ({
      key: newKey(),
      name: item.name,
      rawCost: item.rawCost ?? '',
      costType: item.costType ?? null,
      selection: item.selection ?? false,
      note: item.note ?? '',
      pristine: item.pristine ?? false,
    }));
    return {
      key: newKey(),
      name: group.name,
      note: group.note ?? '',
      pristine: group.pristine ?? false,
      images: [],
      items: [...items, blankItem(newKey)],
    };
  });
}

/** The POST/PUT payload (docs/product/proposals-editor.md) from the form and the plan. */
export function toProposalInput(values: WizardValues, plan: PlanState): ProposalInput {
  return {
    companyName: values.companyName,
    projectName: values.projectName,
    projectAddress: values.projectAddress,
    introductoryNote: values.introductoryNote,
    name: values.name,
    phoneNumber: values.phoneNumber,
    projectScope: values.projectScope,
    teamDescription: values.teamDescription,
    contract: values.contract,
    showLogo: values.showLogo,
    currency: values.currency,
    sectionVisibility: { ...values.sectionVisibility },
    companyLogoId: values.companyLogo?.id ?? null,
    personalPhotoId: values.personalPhoto?.id ?? null,
    currentConditionIds: values.currentCondition.map((file) => file.id),
    costGroups: toCostGroupInputs(plan),
  };
}

/** Ids of every file a saved proposal holds (removing those only drops the reference). */
export function savedFileIds(p: Proposal): Set<string> {
  const ids = new Set<string>();
  if (p.companyLogo) ids.add(p.companyLogo.id);
  if (p.personalPhoto) ids.add(p.personalPhoto.id);
  for (const file of p.currentCondition) ids.add(file.id);
  for (const group of p.costGroups) for (const file of group.images) ids.add(file.id);
  return ids;
}

/** The contractor details typed in the wizard, handed to the claim page to prefill. */
export function claimDefaults(values: WizardValues) {
  return { name: values.name, phoneNumber: values.phoneNumber, companyName: values.companyName };
}
