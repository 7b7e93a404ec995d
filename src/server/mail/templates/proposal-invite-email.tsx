import { EmailButton, EmailLayout, EmailText } from './email-layout';

/** Big-picture Team area: an invitation to view, shop and comment on a proposal. */
export function ProposalInviteEmail(props: {
  link: string;
  recipient: string;
  /** Who invited: the contractor's name, else the company. */
  from: string;
  projectName: string;
  supportEmail: string;
}) {
  const project = props.projectName.trim();
  const heading = project
    ? `${props.from} invited you to the proposal for ${project}`
    : `${props.from} invited you to a proposal`;
  return (
    <EmailLayout
      preview={heading}
      heading={heading}
      recipient={props.recipient}
      supportEmail={props.supportEmail}
    >
      <EmailText>You can read the proposal, help choose products and comment on them.</EmailText>
      <EmailButton href={props.link}>View the proposal</EmailButton>
      <EmailText>
        The button signs you in to Plansmith. It works once and for 14 days; if it has expired, open
        it anyway and ask for a new one. If the button does not work, paste this address into your
        browser: {props.link}
      </EmailText>
    </EmailLayout>
  );
}
