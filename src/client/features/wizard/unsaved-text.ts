import type { ProposalInput } from '../../../shared/schemas/proposal';

/**
 * The user's unsaved work as plain text, for 'Copy my text' when the proposal changed elsewhere
 * (409): nothing typed is lost even if they choose to reload.
 */
export function unsavedText(input: ProposalInput): string {
  const part = (label: string, value: string | undefined) =>
    value && value.trim() !== '' ? `${label}:\n${value.trim()}\n` : '';
  const plan = (input.costGroups ?? [])
    .filter((group) => !group.pristine)
    .map((group) => {
      const items = (group.values ?? [])
        .filter((item) => item.name.trim() !== '')
        .map((item) => {
          const cost =
            item.rawCost && item.rawCost.trim() !== '' ? ` (${item.rawCost.trim()})` : '';
          const note = item.note && item.note.trim() !== '' ? ` – ${item.note.trim()}` : '';
          return `- ${item.name.trim()}${cost}${note}`;
        });
      const note = group.note && group.note.trim() !== '' ? `\n${group.note.trim()}` : '';
      return [`${group.name.trim() || 'Untitled group'}${note}`, ...items].join('\n');
    })
    .join('\n\n');
  return [
    part('Company name', input.companyName),
    part('Project name', input.projectName),
    part('Project address', input.projectAddress),
    part('Introductory note', input.introductoryNote),
    part('Your name', input.name),
    part('Phone number', input.phoneNumber),
    part('Project scope', input.projectScope),
    part('Team description', input.teamDescription),
    part('Plan', plan),
    part('Contract', input.contract),
  ]
    .filter(Boolean)
    .join('\n');
}
