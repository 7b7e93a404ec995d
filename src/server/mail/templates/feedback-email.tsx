import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { Fragment } from 'react';
import { EmailLayout, EmailText } from './email-layout';

export interface FeedbackEmailProps {
  fromEmail: string;
  message: string;
  eventId: string | undefined;
  url: string | undefined;
  supportEmail: string;
  /** The error page's feedback form, or the help panel's contact form. */
  source?: 'error' | 'help';
}

const label = { fontSize: '13px', color: '#5b6670', margin: '0 0 4px' };

/** Sent to the support address when someone writes to us from the error page. */
export function FeedbackEmail(props: FeedbackEmailProps) {
  return (
    <EmailLayout
      preview={props.message.slice(0, 90)}
      heading={
        props.source === 'help' ? 'A question from the help panel' : 'Feedback from the error page'
      }
      recipient={props.supportEmail}
      supportEmail={props.supportEmail}
    >
      <EmailText>
        <Link href={`mailto:${props.fromEmail}`}>{props.fromEmail}</Link> wrote:
      </EmailText>
      <Text
        style={{
          fontSize: '15px',
          lineHeight: '24px',
          margin: '0 0 24px',
          padding: '12px 16px',
          borderLeft: '3px solid #dfe3e6',
        }}
      >
        {/* <br> rather than white-space: the plain-text part keeps the person's line breaks too. */}
        {props.message.split(/\r?\n/).map((line, index) => (
          <Fragment key={index}>
            {index > 0 && <br />}
            {line}
          </Fragment>
        ))}
      </Text>
      {props.eventId ? (
        <>
          <Text style={label}>Reference</Text>
          <EmailText>{props.eventId}</EmailText>
        </>
      ) : null}
      {props.url ? (
        <>
          <Text style={label}>Page</Text>
          {/* Shown as text, not a link: the address came from the browser and is not vouched for. */}
          <EmailText>{props.url}</EmailText>
        </>
      ) : null}
    </EmailLayout>
  );
}
