/**
 * A mailto: link. Subject and body are encoded with encodeURIComponent, not URLSearchParams,
 * because mail clients show a `+` literally instead of a space.
 */
export function mailtoHref(email: string, opts: { subject?: string; body?: string } = {}): string {
  const params: string[] = [];
  if (opts.subject) params.push(`subject=${encodeURIComponent(opts.subject)}`);
  if (opts.body) params.push(`body=${encodeURIComponent(opts.body)}`);
  // The address goes in as typed: encoding the @ breaks some mail clients.
  return `mailto:${email}${params.length ? `?${params.join('&')}` : ''}`;
}

export const CONSULTATION_SUBJECT = 'Schedule a consultation';

// We have no calendar tool, so "Schedule a consultation" opens an e-mail with the questions we
// would ask first; the reply proposes a time.
export const CONSULTATION_BODY = [
  'Hello Plansmith,',
  '',
  "I'd like to schedule a consultation.",
  '',
  'I am a (homeowner / contractor):',
  'Project address:',
  "What I'm planning:",
  'Days and times that suit me:',
  'Phone number (optional):',
  '',
].join('\n');

export function consultationHref(supportEmail: string): string {
  return mailtoHref(supportEmail, { subject: CONSULTATION_SUBJECT, body: CONSULTATION_BODY });
}
