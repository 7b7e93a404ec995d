import { EmailButton, EmailLayout, EmailLinkText, EmailText } from './email-layout';

export function LoginEmail(props: {
  link: string;
  recipient: string;
  name: string;
  isNewAccount: boolean;
  supportEmail: string;
  /** Set when the link carries a proposal made logged out: the e-mail says it is waiting. */
  waitingProposal?: { projectName: string; requestedBy?: { name: string; email: string } };
  /**
   * A contractor's sign-up for an address that is already someone's account: opening the link
   * turns it into a contractor's, under the details below (decision 0093), so the e-mail says so.
   */
  becomesContractor?: { name: string; companyName: string };
}) {
  if (props.becomesContractor)
    return <BecomeContractorEmail {...props} {...props.becomesContractor} />;
  const heading = props.isNewAccount ? 'Welcome to Plansmith' : 'Your login link';
  return (
    <EmailLayout
      preview={
        props.waitingProposal
          ? `${props.waitingProposal.projectName || 'Untitled Project'}: the link works once, for one hour.`
          : props.isNewAccount
            ? 'Confirm your email to start your first proposal. The link works for one hour.'
            : 'The link works once and expires in one hour.'
      }
      heading={heading}
      title={
        props.waitingProposal
          ? 'A proposal is waiting for you on Plansmith'
          : props.isNewAccount
            ? 'Confirm your email for Plansmith'
            : 'Your Plansmith login link'
      }
      recipient={props.recipient}
      supportEmail={props.supportEmail}
    >
      <EmailText>{props.name ? `Hi ${props.name},` : 'Hi,'}</EmailText>
      <EmailText>
        {props.isNewAccount && !props.waitingProposal?.requestedBy
          ? 'Thanks for signing up. Confirm your email address and log in with the button below.'
          : 'Use the button below to log in to Plansmith.'}
      </EmailText>
      {props.waitingProposal && <WaitingProposalText waiting={props.waitingProposal} />}
      <EmailButton href={props.link}>Log in to Plansmith</EmailButton>
      <EmailLinkText link={props.link}>The link works once and expires in one hour.</EmailLinkText>
      <EmailText>
        If you did not ask to log in, you can ignore this email; nobody can log in without the link.
      </EmailText>
    </EmailLayout>
  );
}

type WaitingProposal = NonNullable<Parameters<typeof LoginEmail>[0]['waitingProposal']>;

/** The proposal made logged out that opening the link adds to the account (decision 0010). */
function WaitingProposalText({ waiting }: { waiting: WaitingProposal }) {
  return (
    <EmailText>
      A proposal is waiting for you: {waiting.projectName || 'Untitled Project'}.
      {waiting.requestedBy
        ? ` ${waiting.requestedBy.name || 'A homeowner'} (${waiting.requestedBy.email}) sent it to you, asking for your proposal. Open the link to add it to your account, adjust it and send it to them.`
        : ' Open the link to add it to your account. If you did not create it, do not add it.'}
    </EmailText>
  );
}

export const BECOME_CONTRACTOR_SUBJECT = 'Make your Plansmith account a contractor account?';

/*
 * Anyone may ask for a sign-up with any address, and the names in it are theirs: the greeting
 * names nobody, and the details are shown as what will be written, for the owner to refuse.
 */
function BecomeContractorEmail(props: {
  link: string;
  recipient: string;
  supportEmail: string;
  name: string;
  companyName: string;
  waitingProposal?: WaitingProposal;
}) {
  return (
    <EmailLayout
      preview="Open the link only if you asked for this. The link works for one hour."
      heading="Make this a contractor account?"
      title={BECOME_CONTRACTOR_SUBJECT}
      recipient={props.recipient}
      supportEmail={props.supportEmail}
    >
      <EmailText>Hi,</EmailText>
      <EmailText>
        Someone signed up as a contractor with {props.recipient}, which already has a Plansmith
        account: the proposals sent to you. Opening the link makes it a contractor account named{' '}
        {props.name}
        {props.companyName ? `, of ${props.companyName}` : ''}. What was sent to you stays yours.
      </EmailText>
      {props.waitingProposal && <WaitingProposalText waiting={props.waitingProposal} />}
      <EmailButton href={props.link}>Make it a contractor account</EmailButton>
      <EmailLinkText link={props.link}>The link works once and expires in one hour.</EmailLinkText>
      <EmailText>
        If this was not you, ignore this email: nothing changes without the link.
      </EmailText>
    </EmailLayout>
  );
}
