import type { ContractorContact } from '../contractor-sender';
import { EmailButton, EmailLayout, EmailLinkText, EmailText } from './email-layout';

/**
 * Who invites, and for which company: 'Carla Contreras of Contreras Remodeling invited you to the
 * proposal for Ng Kitchen Remodel'. The subject and the heading, so both say the same.
 */
export function inviteHeading(contact: ContractorContact, projectName: string): string {
  const { name, company } = contact;
  const who =
    name && company && name !== company
      ? `${name} of ${company}`
      : name || company || 'Your contractor';
  const project = projectName.trim();
  return project
    ? `${who} invited you to the proposal for ${project}`
    : `${who} invited you to a proposal`;
}

/** Big-picture Team area: an invitation to view, shop and comment on a proposal. */
export function ProposalInviteEmail(props: {
  link: string;
  recipient: string;
  /** The inviting contractor, for the heading and the footer (decision 0090). */
  contact: ContractorContact;
  projectName: string;
  supportEmail: string;
}) {
  const heading = inviteHeading(props.contact, props.projectName);
  return (
    <EmailLayout
      preview="You can read the proposal, help choose products and comment. You cannot sign it."
      heading={heading}
      recipient={props.recipient}
      contact={props.contact}
      supportEmail={props.supportEmail}
    >
      <EmailText>You can read the proposal, help choose products and comment on them.</EmailText>
      <EmailButton href={props.link}>View the proposal</EmailButton>
      <EmailLinkText link={props.link}>
        The button signs you in to Plansmith. It works once and for 14 days; if it has expired, open
        it anyway and ask for a new one.
      </EmailLinkText>
    </EmailLayout>
  );
}
