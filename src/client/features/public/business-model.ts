import { DEPOSIT_DOLLARS, MAX_CONTRACTOR_PROPOSALS } from '../../../shared/constants';

/*
 * The docs/product/help.md business model, worded once for the landing page, the contractor page and the FAQ.
 * Numbers come from the docs/product/constants.md constants so the copy cannot drift from them.
 */

const NUMBER_WORDS = [
  'no',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
];

/** Small counts are spelled out in running text ("up to three"), larger ones stay digits. */
export function spellCount(n: number): string {
  return NUMBER_WORDS[n] ?? String(n);
}

export const DEPOSIT = `$${DEPOSIT_DOLLARS}`;
export const PROPOSAL_COUNT = spellCount(MAX_CONTRACTOR_PROPOSALS);

export const HOMEOWNER_PRICING = `Homeowners pay a ${DEPOSIT} refundable deposit to plan their project and receive up to ${PROPOSAL_COUNT} contractor proposals. The deposit is credited toward the remodel.`;

export const CONTRACTOR_PRICING = 'Contractors pay Plansmith a small commission on a job.';

export const GUARANTEE = `Plansmith comes with a 100% happiness guarantee: if you are not happy, we refund your ${DEPOSIT} deposit.`;

export interface Phase {
  name: string;
  summary: string;
}

/** The seven project phases named in the FAQ, in order. */
export const PHASES: readonly Phase[] = [
  {
    name: 'Plan',
    summary: 'Decide what you want to change, set a budget and list the spaces and items involved.',
  },
  {
    name: 'Design and documents',
    summary: 'Turn the plan into drawings, specifications and the paperwork a permit needs.',
  },
  { name: 'Hire', summary: 'Compare contractor proposals and sign with the one you choose.' },
  {
    name: 'Kick-off',
    summary: 'Agree on the schedule, settle the first selections and get the site ready.',
  },
  {
    name: 'Manage project',
    summary: 'Follow the work, make the remaining selections and approve any changes in writing.',
  },
  {
    name: 'Punchlist',
    summary: 'Walk through together and list the last fixes before the job is done.',
  },
  { name: 'Wrap-up', summary: 'Final walkthrough, final payment and the warranty paperwork.' },
];
