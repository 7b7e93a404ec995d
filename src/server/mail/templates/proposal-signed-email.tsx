import { EmailButton, EmailLayout, EmailText } from './email-layout';

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
      preview={heading}
      heading={heading}
      recipient={props.recipient}
      supportEmail={props.supportEmail}
    >
      <EmailText>
        {props.homeownerName} and {props.contractorName} have both signed. The signing log on the
        proposal shows who signed, when, and whether the content still is what was signed.
      </EmailText>
      <EmailButton href={props.link}>View the signed proposal</EmailButton>
      <EmailText>
        Keep a copy with the PDF button on the proposal, or ask us for one at {props.supportEmail}.
        If the button does not work, paste this address into your browser: {props.link}
      </EmailText>
    </EmailLayout>
  );
}
