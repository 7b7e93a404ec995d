import { describe, expect, it } from 'vitest';
import { CONSULTATION_SUBJECT, consultationHref, mailtoHref } from './mailto';

describe('mailtoHref', () => {
  it('is the bare address without subject or body', () => {
    expect(mailtoHref('help@plansmith.com')).toBe('mailto:help@plansmith.com');
  });

  it('encodes spaces as %20, never +', () => {
    const href = mailtoHref('help@plansmith.com', { subject: 'Schedule a consultation' });
    expect(href).toBe('mailto:help@plansmith.com?subject=Schedule%20a%20consultation');
  });

  it('encodes line breaks and reserved characters in the body', () => {
    const href = mailtoHref('a@b.co', { subject: 'Q&A', body: 'line 1\nline 2?' });
    expect(href).toBe('mailto:a@b.co?subject=Q%26A&body=line%201%0Aline%202%3F');
  });
});

describe('consultationHref', () => {
  it('carries the consultation subject and survives a round trip through URL parsing', () => {
    const url = new URL(consultationHref('support@localhost'));
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('support@localhost');
    const subject = /subject=([^&]*)/.exec(url.search)?.[1] ?? '';
    expect(decodeURIComponent(subject)).toBe(CONSULTATION_SUBJECT);
  });
});
