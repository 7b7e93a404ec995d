import { EmailButton, EmailLayout, EmailLinkText, EmailText } from './email-layout';

/**
 * To the homeowner when the contractor edited a proposal they had signed, which withdrew their
 * signature (decision 0009): the homeowner may have been reading, or about to sign, the old text.
 */
export function ProposalChangedEmail(props: {
  link: string;
  recipient: string;
  contractorName: string;
  projectName: string;
  supportEmail: string;
}) {
  const project = props.projectName.trim();
  const heading = project
    ? `${props.contractorName} changed the proposal for ${project}`
    : `${props.contractorName} changed your proposal`;
  return (
    <EmailLayout
      preview="Their signature was withdrawn. Read the new version before you sign."
      heading={heading}
      recipient={props.recipient}
      supportEmail={props.supportEmail}
    >
      <EmailText>
        {props.contractorName} edited the proposal after signing it, so their signature was
        withdrawn. Read the new version before you sign it; the contractor signs it again too.
      </EmailText>
      <EmailButton href={props.link}>Read the new version</EmailButton>
      <EmailLinkText link={props.link} />
    </EmailLayout>
  );
}
