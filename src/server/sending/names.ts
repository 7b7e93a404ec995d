import type { ProposalRow, UserRow } from '../db/schema';

/** How a proposal's sender is named to its homeowner: the company on the cover, else a person. */
export function senderName(
  proposal: Pick<ProposalRow, 'company_name' | 'name'>,
  owner: Pick<UserRow, 'name' | 'company_name'>,
): string {
  return (
    [proposal.company_name, proposal.name, owner.company_name, owner.name]
      .map((s) => s.trim())
      .find(Boolean) ?? 'Your contractor'
  );
}

/** A subject line from text people typed: one line, of a length mail clients show. */
export function mailSubject(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 150 ? `${line.slice(0, 149)}…` : line;
}
