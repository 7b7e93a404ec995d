import { EmailButton, EmailLayout, EmailText } from './email-layout';
import { MultilineText } from './multiline-text';

/** docs/product/sending.md Send flow: the contractor's message and a 14-day, one-time link that opens the proposal. */
export function ProposalSentEmail(props: {
  link: string;
  recipient: string;
  /** Who sent it: the company on the cover, else the contractor's name. */
  from: string;
  projectName: string;
  message: string;
  supportEmail: string;
}) {
  const project = props.projectName.trim();
  const heading = project
    ? `${props.from} sent you a proposal for ${project}`
    : `${props.from} sent you a proposal`;
  return (
    <EmailLayout
      preview={heading}
      heading={heading}
      recipient={props.recipient}
      supportEmail={props.supportEmail}
    >
      {props.message.trim() ? <MultilineText text={props.message} /> : null}
      <EmailButton href={props.link}>View your proposal</EmailButton>
      <EmailText>
        The button signs you in to Plansmith and opens the proposal, where you can read it, shop for
        products, comment and sign. It works once and for 14 days; if it has expired, open it anyway
        and ask for a new one.
      </EmailText>
      <EmailText>
        If the button does not work, paste this address into your browser: {props.link}
      </EmailText>
    </EmailLayout>
  );
}
