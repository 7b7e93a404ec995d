import { EmailButton, EmailLayout, EmailLinkText, EmailText } from './email-layout';

/** To the signer whose signature an edit of the signed proposal withdrew (decision 0009). */
export function SignatureWithdrawnEmail(props: {
  link: string;
  recipient: string;
  projectName: string;
  supportEmail: string;
}) {
  const project = props.projectName.trim();
  const heading = project
    ? `Your signature on the proposal for ${project} was withdrawn`
    : 'Your signature on the proposal was withdrawn';
  return (
    <EmailLayout
      preview="The proposal was changed after you signed it. Review it and sign again."
      heading={heading}
      recipient={props.recipient}
      supportEmail={props.supportEmail}
    >
      <EmailText>
        The proposal was changed after you signed it, so your signature no longer stands. The
        homeowner now sees the proposal without it. Review the changes and sign again when you are
        ready.
      </EmailText>
      <EmailButton href={props.link}>Open the proposal</EmailButton>
      <EmailLinkText link={props.link} />
    </EmailLayout>
  );
}
