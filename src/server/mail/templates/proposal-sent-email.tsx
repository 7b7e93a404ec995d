import type { ContractorContact } from '../contractor-sender';
import { EmailButton, EmailLayout, EmailLinkText, EmailText } from './email-layout';
import { MultilineText } from './multiline-text';

/** The inbox preview: the start of the contractor's note, as a personal message would show. */
function preview(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  if (!line) return 'Read the plan, choose products, comment and sign, all online.';
  return line.length > 110 ? `${line.slice(0, 109)}…` : line;
}

/** docs/product/sending.md Send flow: the contractor's message and a 14-day, one-time link that opens the proposal. */
export function ProposalSentEmail(props: {
  link: string;
  recipient: string;
  /** Who sent it: the company on the cover, else the contractor's name. */
  from: string;
  projectName: string;
  message: string;
  /** The contractor, for the footer: a reply reaches them (decision 0090). */
  contact: ContractorContact;
  supportEmail: string;
}) {
  const project = props.projectName.trim();
  const heading = project
    ? `${props.from} sent you a proposal for ${project}`
    : `${props.from} sent you a proposal`;
  return (
    <EmailLayout
      preview={preview(props.message)}
      heading={heading}
      recipient={props.recipient}
      contact={props.contact}
      supportEmail={props.supportEmail}
    >
      {props.message.trim() ? <MultilineText text={props.message} /> : null}
      <EmailButton href={props.link}>View your proposal</EmailButton>
      <EmailText>
        The button signs you in to Plansmith and opens the proposal, where you can read it, shop for
        products, comment and sign. It works once and for 14 days; if it has expired, open it anyway
        and ask for a new one.
      </EmailText>
      <EmailLinkText link={props.link} />
    </EmailLayout>
  );
}
