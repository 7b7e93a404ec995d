import { Archive, FileText, Inbox } from 'lucide-react';
import { ListEmpty } from '../../ui/list-states';

export function EmptyState({ isContractor }: { isContractor: boolean }) {
  return isContractor ? (
    <ListEmpty icon={<FileText size={26} aria-hidden="true" />} title="No proposals yet">
      Your first proposal takes a few minutes: add the project, your cost groups and the products to
      choose from, then send it to the homeowner to review and sign online.
    </ListEmpty>
  ) : (
    <ListEmpty icon={<Inbox size={26} aria-hidden="true" />} title="No proposals yet">
      When a contractor sends you a proposal, it will appear here. You can review the plan, choose
      products and sign, all in one place.
    </ListEmpty>
  );
}

export function ArchivedEmptyState() {
  return (
    <ListEmpty icon={<Archive size={26} aria-hidden="true" />} title="No archived proposals">
      Proposals you archive from their Options menu are kept here. The homeowner still has them.
    </ListEmpty>
  );
}
