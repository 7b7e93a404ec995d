import type { Proposal, ProposalInputParsed } from '../../../shared/schemas/proposal';
import { isShown } from './plan-model';

/**
 * 'Send Proposal' (§4): a copy of this proposal for the create screen, in the shape of §4
 * Duplicate (the same as the server's duplicate draft): contract, note and company fields, the
 * cost groups with their items, no project fields, no images and no ids. Built here rather than
 * asked of the server, because everyone may do this, not only the owner.
 */
export function sendProposalDraft(p: Proposal): ProposalInputParsed {
  return {
    companyName: p.companyName,
    projectName: '',
    projectAddress: '',
    introductoryNote: p.introductoryNote,
    name: p.name,
    phoneNumber: p.phoneNumber,
    projectScope: '',
    teamDescription: '',
    contract: p.contract,
    showLogo: p.showLogo,
    sectionVisibility: { ...p.sectionVisibility },
    personalPhotoId: null,
    companyLogoId: null,
    currentConditionIds: [],
    costGroups: p.costGroups.map((group) => ({
      name: group.name,
      note: group.note,
      pristine: false,
      imageIds: [],
      values: group.values.filter(isShown).map((item) => ({
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
