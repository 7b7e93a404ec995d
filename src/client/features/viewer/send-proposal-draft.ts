import type { Proposal, ProposalInputParsed } from '../../../shared/schemas/proposal';
import { isShown } from './plan-model';

/**
 * 'Send Proposal' (docs/product/viewer.md): a copy of this proposal for the create screen: the project (name, address,
 * scope and team), its currency (decision 0021), contract, note and company fields, the cost groups with their items, and no
 * images and no ids (files stay with the proposal they were shared in). A homeowner asking another
 * contractor for a bid sends the same project (decision 0010). Built here rather than asked of the
 * server, because everyone may do this, not only the owner.
 */
export function sendProposalDraft(p: Proposal): ProposalInputParsed {
  return {
    companyName: p.companyName,
    projectName: p.projectName,
    projectAddress: p.projectAddress,
    introductoryNote: p.introductoryNote,
    name: p.name,
    phoneNumber: p.phoneNumber,
    projectScope: p.projectScope,
    teamDescription: p.teamDescription,
    contract: p.contract,
    showLogo: p.showLogo,
    currency: p.currency,
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
