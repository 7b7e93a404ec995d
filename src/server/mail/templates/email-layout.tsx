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
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../../../shared/constants';

const colors = { ink: '#1d2329', muted: '#5b6670', primary: '#1f4e5f', bg: '#f4f2ee' };

export function EmailLayout(props: {
  preview: string;
  heading: string;
  /** Who the message is for, said plainly so a forwarded message is not mistaken. */
  recipient: string;
  children: ReactNode;
  supportEmail: string;
}) {
  return (
    <Html lang="en">
      <Head />
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
          <Text style={{ fontSize: '12px', color: colors.muted, margin: 0 }}>
            This message was sent to {props.recipient} by {PRODUCT_NAME}. Questions? Write to{' '}
            {props.supportEmail}.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export function EmailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
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
  );
}

export function EmailText({ children }: { children: ReactNode }) {
  return (
    <Text style={{ fontSize: '15px', lineHeight: '24px', margin: '0 0 16px' }}>{children}</Text>
  );
}
