import { EmailButton, EmailLayout, EmailLinkText, EmailText } from './email-layout';

/** docs/product/sending.md Create flow: a signed-in contractor's new proposal, e-mailed to their own address. */
export function ProposalCreatedEmail(props: {
  link: string;
  recipient: string;
  name: string;
  projectName: string;
  supportEmail: string;
}) {
  const project = props.projectName.trim();
  return (
    <EmailLayout
      preview="Review it, make changes and send it to your client when it is ready."
      title={project ? `Your proposal for ${project} is ready` : 'Your proposal is ready'}
      heading="Your proposal is ready"
      recipient={props.recipient}
      supportEmail={props.supportEmail}
    >
      <EmailText>{props.name ? `Hi ${props.name},` : 'Hi,'}</EmailText>
      <EmailText>
        {project
          ? `Your proposal for ${project} has been created.`
          : 'Your proposal has been created.'}{' '}
        Open it to review it, make changes and send it to your client when it is ready.
      </EmailText>
      <EmailButton href={props.link}>View Proposal</EmailButton>
      <EmailLinkText link={props.link} />
    </EmailLayout>
  );
}
