import { EmailButton, EmailLayout, EmailLinkText, EmailText } from './email-layout';

/** To the sender when the homeowner signs first: their turn to sign. */
export function HomeownerSignedEmail(props: {
  link: string;
  recipient: string;
  homeownerName: string;
  projectName: string;
  supportEmail: string;
}) {
  const project = props.projectName.trim();
  const heading = project
    ? `${props.homeownerName} signed your proposal for ${project}`
    : `${props.homeownerName} signed your proposal`;
  return (
    <EmailLayout
      preview="The plan and contract are now fixed. Sign it too to complete the agreement."
      heading={heading}
      recipient={props.recipient}
      supportEmail={props.supportEmail}
    >
      <EmailText>
        Your client has signed. The plan and contract can no longer be changed. Sign it too to
        complete the agreement.
      </EmailText>
      <EmailButton href={props.link}>Sign the proposal</EmailButton>
      <EmailLinkText link={props.link} />
    </EmailLayout>
  );
}
