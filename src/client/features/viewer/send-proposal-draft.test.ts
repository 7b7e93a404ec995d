import { describe, expect, it } from 'vitest';
import { proposalInputSchema } from '../../../shared/schemas/proposal';
import { readSeed } from '../wizard/create-initial';
import { makeGroup, makeItem, makeProposal } from './proposal-factory';
import { sendProposalDraft } from './send-proposal-draft';

const file = { id: 'f', url: '/f', originalName: 'a.jpg', contentType: 'image/jpeg', size: 1 };

describe('sendProposalDraft', () => {
  const proposal = makeProposal({
    companyName: 'Reyes Remodeling',
    projectName: 'Kitchen',
    projectAddress: '1 Main St',
    projectScope: 'Scope',
    teamDescription: 'Team',
    introductoryNote: 'Hello',
    name: 'Dana',
    phoneNumber: '555',
    contract: '1. Work.',
    currency: 'GBP',
    companyLogo: file,
    personalPhoto: file,
    currentCondition: [file],
    costGroups: [
      makeGroup({
        name: 'Kitchens',
        note: 'Group note',
        images: [file],
        values: [
          makeItem({ name: 'Sink', rawCost: '2*100', costType: 4, selection: true, note: 'n' }),
          makeItem({ name: '' }),
        ],
      }),
    ],
  });
  const draft = sendProposalDraft(proposal);

  it('copies contract, note, company fields, groups and items', () => {
    expect(draft).toMatchObject({
      currency: 'GBP',
      companyName: 'Reyes Remodeling',
      introductoryNote: 'Hello',
      name: 'Dana',
      phoneNumber: '555',
      contract: '1. Work.',
    });
    expect(draft.costGroups).toEqual([
      {
        name: 'Kitchens',
        note: 'Group note',
        pristine: false,
        imageIds: [],
        values: [
          {
            name: 'Sink',
            rawCost: '2*100',
            costType: 4,
            selection: true,
            note: 'n',
            pristine: false,
          },
        ],
      },
    ]);
  });

  it('keeps the project fields and carries no images or ids', () => {
    expect(draft).toMatchObject({
      projectName: 'Kitchen',
      projectAddress: '1 Main St',
      projectScope: 'Scope',
      teamDescription: 'Team',
      personalPhotoId: null,
      companyLogoId: null,
      currentConditionIds: [],
    });
    expect(JSON.stringify(draft)).not.toContain('"id"');
  });

  it('is a valid create payload that the create page accepts as {draft}', () => {
    expect(proposalInputSchema.safeParse(draft).success).toBe(true);
    expect(readSeed({ draft })).toEqual(draft);
  });
});
