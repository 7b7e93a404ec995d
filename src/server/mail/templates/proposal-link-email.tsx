import { EmailButton, EmailLayout, EmailLinkText, EmailText } from './email-layout';

/** The 'old link' page's request: a fresh 14-day link to the same proposal. */
export function ProposalLinkEmail(props: {
  link: string;
  recipient: string;
  projectName: string;
  supportEmail: string;
}) {
  const project = props.projectName.trim();
  return (
    <EmailLayout
      preview={
        project
          ? `For ${project}. It works once and for 14 days.`
          : 'It works once and for 14 days.'
      }
      heading="Your new link to the proposal"
      recipient={props.recipient}
      supportEmail={props.supportEmail}
    >
      <EmailText>
        {project
          ? `You asked for a new link to the proposal for ${project}.`
          : 'You asked for a new link to your proposal.'}{' '}
        Use the button below to sign in and open it.
      </EmailText>
      <EmailButton href={props.link}>View your proposal</EmailButton>
      <EmailLinkText link={props.link}>The link works once and for 14 days.</EmailLinkText>
      <EmailText>If you did not ask for it, you can ignore this email.</EmailText>
    </EmailLayout>
  );
}
