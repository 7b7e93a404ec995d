import { EmailButton, EmailLayout, EmailLinkText, EmailText } from './email-layout';

/** To both parties once both have signed. */
export function ProposalSignedEmail(props: {
  link: string;
  recipient: string;
  contractorName: string;
  homeownerName: string;
  projectName: string;
  supportEmail: string;
}) {
  const project = props.projectName.trim();
  const heading = project
    ? `The proposal for ${project} is fully signed`
    : 'Your proposal is fully signed';
  return (
    <EmailLayout
      preview={`${props.homeownerName} and ${props.contractorName} have both signed. Keep a copy.`}
      heading={heading}
      title={project ? `Fully signed: the proposal for ${project}` : 'Fully signed: your proposal'}
      recipient={props.recipient}
      supportEmail={props.supportEmail}
    >
      <EmailText>
        {props.homeownerName} and {props.contractorName} have both signed. The signing log on the
        proposal shows who signed, when, and whether the content still is what was signed.
      </EmailText>
      <EmailButton href={props.link}>View the signed proposal</EmailButton>
      <EmailLinkText link={props.link}>
        Keep a copy with the PDF button on the proposal, or ask us for one at {props.supportEmail}.
      </EmailLinkText>
    </EmailLayout>
  );
}
