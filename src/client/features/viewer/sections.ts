import type { Proposal } from '../../../shared/schemas/proposal';
import { allItems } from './plan-model';

/*
 * Which viewer sections show (docs/product/viewer.md "Proposal viewer sections"), in document order. A section shows
 * when its sectionVisibility flag is on and it has something to show:
 * - cover and welcome: any of their fields; the owner on screen always sees them, with the docs/product/viewer.md
 *   placeholders in the empty fields, so they know what to fill in;
 * - big picture: goal, team or current-condition files; the owner on screen always sees it, since
 *   its Team area holds the invitation box;
 * - plan: at least one cost group; shopping list: at least one selection item;
 * - budget: at least one item (it is a summary of the plan, so it follows the plan's flag);
 * - contract: non-blank text; signatures ('Sign Below'): always.
 */

export type SectionId =
  | 'cover'
  | 'welcome'
  | 'bigpicture'
  | 'plan'
  | 'shoppinglist'
  | 'budget'
  | 'contract'
  | 'signatures';

export interface SectionOptions {
  /** Owner on screen: placeholders in empty cover and welcome fields. */
  placeholders: boolean;
  /** Owner on screen: the invitation box in the Team area. */
  teamBox: boolean;
}

type SectionFacts = Pick<
  Proposal,
  | 'sectionVisibility'
  | 'showLogo'
  | 'companyLogo'
  | 'companyName'
  | 'projectName'
  | 'projectAddress'
  | 'introductoryNote'
  | 'name'
  | 'phoneNumber'
  | 'personalPhoto'
  | 'projectScope'
  | 'teamDescription'
  | 'currentCondition'
  | 'costGroups'
  | 'contract'
>;

const filled = (...values: string[]) => values.some((value) => value.trim() !== '');

export function visibleSections(p: SectionFacts, options: SectionOptions): SectionId[] {
  const show = p.sectionVisibility;
  const items = allItems(p);
  const present: Record<SectionId, boolean> = {
    cover:
      show.cover &&
      (options.placeholders ||
        (p.showLogo && p.companyLogo !== null) ||
        filled(p.companyName, p.projectName, p.projectAddress)),
    welcome:
      show.welcome &&
      (options.placeholders ||
        p.personalPhoto !== null ||
        filled(p.introductoryNote, p.name, p.phoneNumber)),
    // The owner's invitation box and members live here: hidden, it still shows them to the owner.
    bigpicture:
      options.teamBox ||
      (show.bigpicture &&
        (p.currentCondition.length > 0 || filled(p.projectScope, p.teamDescription))),
    plan: show.plan && p.costGroups.length > 0,
    shoppinglist: show.shoppinglist && items.some((item) => item.selection),
    budget: show.plan && items.length > 0,
    contract: show.contract && filled(p.contract),
    signatures: true,
  };
  return SECTION_ORDER.filter((id) => present[id]);
}

export const SECTION_ORDER: readonly SectionId[] = [
  'cover',
  'welcome',
  'bigpicture',
  'plan',
  'shoppinglist',
  'budget',
  'contract',
  'signatures',
];

/** The element id each section is reached by. */
export const SECTION_ANCHORS: Record<SectionId, string> = {
  cover: 'cover',
  welcome: 'welcome',
  bigpicture: 'big-picture',
  plan: 'plan',
  shoppinglist: 'shopping-list',
  budget: 'budget',
  contract: 'contract',
  signatures: 'sign-below',
};

const MENU: readonly { id: SectionId; label: string }[] = [
  { id: 'welcome', label: 'Welcome' },
  { id: 'bigpicture', label: 'Big Picture' },
  { id: 'plan', label: 'Plan' },
  { id: 'shoppinglist', label: 'Shopping List' },
  { id: 'contract', label: 'Contract' },
];

/** docs/product/viewer.md section anchors in the menu: Welcome, Big Picture, Plan, Shopping List, Contract, if shown. */
export function menuAnchors(sections: readonly SectionId[]): { href: string; label: string }[] {
  return MENU.filter((entry) => sections.includes(entry.id)).map((entry) => ({
    href: `#${SECTION_ANCHORS[entry.id]}`,
    label: entry.label,
  }));
}
