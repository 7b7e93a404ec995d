// One package per part rather than @react-email/components: that one loads every part,
// the code block's Prism among them, and took most of a second of each start.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { Fragment, type ReactNode } from 'react';
import { PRODUCT_NAME } from '../../../shared/constants';
import type { ContractorContact } from '../contractor-sender';

const colors = { ink: '#1d2329', muted: '#5b6670', primary: '#1f4e5f', bg: '#f4f2ee' };

export function EmailLayout(props: {
  /** The inbox's line after the subject: what the subject does not already say. */
  preview: string;
  heading: string;
  /** The document's title, shown by a browser or a reader opening the HTML; the heading if unset. */
  title?: string;
  /** Who the message is for, said plainly so a forwarded message is not mistaken. */
  recipient: string;
  /** Set on mail a contractor sends (decision 0090): the footer says how to reach them. */
  contact?: ContractorContact;
  children: ReactNode;
  supportEmail: string;
}) {
  const { contact } = props;
  return (
    <Html lang="en">
      <Head>
        {/* Without it a phone's mail app may lay the message out at a desktop width. */}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{props.title ?? props.heading}</title>
      </Head>
      <Preview>{props.preview}</Preview>
      <Body
        style={{
          backgroundColor: colors.bg,
          fontFamily: 'Helvetica, Arial, sans-serif',
          color: colors.ink,
        }}
      >
        <Container
          style={{
            backgroundColor: '#ffffff',
            padding: '32px',
            borderRadius: '12px',
            maxWidth: '560px',
          }}
        >
          <Text
            style={{ fontSize: '18px', fontWeight: 700, color: colors.primary, margin: '0 0 24px' }}
          >
            {PRODUCT_NAME}
          </Text>
          <Heading as="h1" style={{ fontSize: '22px', margin: '0 0 16px' }}>
            {props.heading}
          </Heading>
          <Section>{props.children}</Section>
          <Hr style={{ margin: '32px 0 16px', borderColor: '#dfe3e6' }} />
          {contact ? <ContactBlock contact={contact} /> : null}
          <Text style={{ fontSize: '12px', color: colors.muted, margin: 0 }}>
            This message was sent to {props.recipient} by {PRODUCT_NAME}
            {contact ? ` for ${contact.name || contact.company || contact.email}` : ''}.{' '}
            {contact ? 'Questions about Plansmith itself? Write to' : 'Questions? Write to'}{' '}
            {props.supportEmail}.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/**
 * The sender's name, company, phone and address, one to a line, in the HTML and the plain text:
 * the message carries their words, so it says how to answer them.
 */
function ContactBlock({ contact }: { contact: ContractorContact }) {
  const who = [contact.name, contact.company].filter(Boolean).join(', ');
  const lines = [
    who ? `Sent by ${who}` : null,
    contact.phone ? `Phone: ${contact.phone}` : null,
    `Email: ${contact.email}`,
    `Reply to this email to write to ${contact.name || contact.company || contact.email}.`,
  ].filter((line): line is string => line !== null);
  return (
    <Text
      style={{ fontSize: '14px', lineHeight: '22px', margin: '0 0 16px', overflowWrap: 'anywhere' }}
    >
      {lines.map((line, index) => (
        <Fragment key={index}>
          {index > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </Text>
  );
}

/**
 * 'If the button does not work, paste this address…': the address may break anywhere, since it
 * is one long word that would otherwise widen the message past a phone's screen.
 */
export function EmailLinkText({ link, children }: { link: string; children?: ReactNode }) {
  return (
    <EmailText>
      {children}
      {children ? ' ' : null}If the button does not work, paste this address into your browser:{' '}
      <span style={{ wordBreak: 'break-all', overflowWrap: 'anywhere' }}>{link}</span>
    </EmailText>
  );
}

export function EmailButton({ href, children }: { href: string; children: ReactNode }) {
  // In a section of its own: a link's margin is not kept by every mail client, a table's is, and
  // the text below it needs the space (review 27: it sat on the button).
  return (
    <Section style={{ margin: '0 0 20px' }}>
      <Button
        href={href}
        style={{
          backgroundColor: colors.primary,
          color: '#ffffff',
          padding: '12px 20px',
          borderRadius: '8px',
          fontWeight: 600,
          textDecoration: 'none',
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

export function EmailText({ children }: { children: ReactNode }) {
  return (
    <Text style={{ fontSize: '15px', lineHeight: '24px', margin: '0 0 16px' }}>{children}</Text>
  );
}
