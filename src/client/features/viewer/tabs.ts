import { paths } from '../../../shared/paths';
import type { ProposalAccess } from '../../../shared/schemas/proposal';

/*
 * The sticky tab bar on proposal and selection paths (docs/product/viewer.md): 'Plan', 'Shop', 'Edit'. Shop shows
 * only when at least one cost item is a selection; Edit only to the owner, and never once the
 * homeowner has signed (plan and contract are frozen then).
 */

export type ViewerKind = 'contractor' | 'received';

export interface ViewerTab {
  id: 'plan' | 'shop' | 'edit';
  label: 'Plan' | 'Shop' | 'Edit';
  href: string;
}

export interface TabFacts {
  proposalId: string;
  view: ViewerKind;
  role: ProposalAccess['role'];
  hasSelections: boolean;
  homeownerSigned: boolean;
}

export function viewerTabs(facts: TabFacts): ViewerTab[] {
  const { proposalId: id, view } = facts;
  const tabs: ViewerTab[] = [
    {
      id: 'plan',
      label: 'Plan',
      href: view === 'received' ? paths.proposalReceived(id) : paths.proposal(id),
    },
  ];
  if (facts.hasSelections) {
    tabs.push({
      id: 'shop',
      label: 'Shop',
      href:
        view === 'received' ? paths.proposalReceivedSelections(id) : paths.proposalSelections(id),
    });
  }
  if (facts.role === 'owner' && !facts.homeownerSigned) {
    tabs.push({ id: 'edit', label: 'Edit', href: paths.proposalEdit(id) });
  }
  return tabs;
}

/** The tab of the page being shown: the shop on selection paths, else the plan. */
export function currentTab(pathname: string): ViewerTab['id'] {
  return /\/selections\/?$/.test(pathname) ? 'shop' : 'plan';
}
