import { describe, expect, it } from 'vitest';
import {
  defaultMessage,
  emailError,
  emailFieldSchema,
  inviteDisabled,
  inviteFormSchema,
  sendDisabled,
  sendFormSchema,
  senderOf,
  sentNotice,
} from './send-form';
import { formatDate } from '../../../shared/domain/status';

const sender = { name: 'Dana Reyes', companyName: 'Reyes Remodeling', phoneNumber: '555-0100' };

describe('emailError', () => {
  it('clears on an empty value and flags an invalid address with the §5 text', () => {
    expect(emailError('')).toBeNull();
    expect(emailError('   ')).toBeNull();
    expect(emailError('sam@example.com')).toBeNull();
    expect(emailError('Sam@Example.COM ')).toBeNull();
    expect(emailError('sam@')).toBe('Please enter a valid email address.');
    expect(emailError('sam example.com')).toBe('Please enter a valid email address.');
  });
});

describe('emailFieldSchema', () => {
  it('agrees with emailError, and hands on the address trimmed and lower-cased', () => {
    for (const value of [
      '',
      '   ',
      'sam@example.com',
      'Sam@Example.COM ',
      'sam@',
      'sam example.com',
    ]) {
      const parsed = emailFieldSchema.safeParse(value);
      expect(parsed.success).toBe(emailError(value) === null);
      if (!parsed.success) {
        expect(parsed.error.issues.map((issue) => issue.message)).toEqual([
          'Please enter a valid email address.',
        ]);
      }
    }
    expect(emailFieldSchema.parse(' Sam@Example.COM ')).toBe('sam@example.com');
    expect(emailFieldSchema.parse('  ')).toBe('');
  });

  it('is the e-mail of the invite and send forms', () => {
    expect(inviteFormSchema.parse({ email: 'Pat@Example.com' })).toEqual({
      email: 'pat@example.com',
      name: '',
    });
    // The invitee's name is optional, and goes as typed (the server trims and checks it).
    expect(inviteFormSchema.parse({ email: 'pat@example.com', name: ' Pat ' }).name).toBe(' Pat ');
    expect(inviteFormSchema.safeParse({ email: 'pat@' }).success).toBe(false);
    expect(
      sendFormSchema.parse({ email: 'SAM@example.com', clientName: ' Sam ', message: null }),
    ).toEqual({ email: 'sam@example.com', clientName: ' Sam ', message: null });
    const bad = sendFormSchema.safeParse({ email: 'sam@', clientName: 'Sam', message: 'Hi' });
    expect(bad.success || bad.error.issues[0]?.path).toEqual(['email']);
  });
});

describe('sendDisabled', () => {
  const ok = { email: 'sam@example.com', clientName: 'Sam', pending: false };
  it('is enabled with a valid e-mail and a client name', () => {
    expect(sendDisabled(ok)).toBe(false);
  });
  it('is disabled on an e-mail error, an empty e-mail or client name, or while sending', () => {
    expect(sendDisabled({ ...ok, email: 'sam@' })).toBe(true);
    expect(sendDisabled({ ...ok, email: '' })).toBe(true);
    expect(sendDisabled({ ...ok, clientName: '  ' })).toBe(true);
    expect(sendDisabled({ ...ok, pending: true })).toBe(true);
  });
});

describe('inviteDisabled', () => {
  it('is disabled on an error, an empty field or a send in flight', () => {
    expect(inviteDisabled({ email: 'pat@example.com', pending: false })).toBe(false);
    expect(inviteDisabled({ email: 'pat@', pending: false })).toBe(true);
    expect(inviteDisabled({ email: '', pending: false })).toBe(true);
    expect(inviteDisabled({ email: 'pat@example.com', pending: true })).toBe(true);
  });
});

describe('defaultMessage', () => {
  it("ends with 'Best,' and the sender's name, company and phone", () => {
    const lines = defaultMessage({ clientName: '', projectName: '', sender }).split('\n');
    expect(lines.slice(-4)).toEqual(['Best,', 'Dana Reyes', 'Reyes Remodeling', '555-0100']);
    expect(lines[0]).toBe('Hi,');
  });

  it('leaves out what the sender does not have', () => {
    const message = defaultMessage({
      clientName: 'Sam',
      projectName: 'Kitchen Remodel',
      sender: { name: 'Dana', companyName: '', phoneNumber: ' ' },
    });
    expect(message.endsWith('Best,\nDana')).toBe(true);
    expect(message.startsWith('Hi Sam,')).toBe(true);
    expect(message).toContain('a proposal for Kitchen Remodel');
  });
});

describe('senderOf', () => {
  it("prefers the signed-in user's details and falls back to the proposal's", () => {
    expect(
      senderOf(
        { name: 'Dana', companyName: '', phoneNumber: '' },
        { name: 'D. Reyes', companyName: 'Reyes Remodeling', phoneNumber: '555' },
      ),
    ).toEqual({ name: 'Dana', companyName: 'Reyes Remodeling', phoneNumber: '555' });
    expect(senderOf(null, sender)).toEqual(sender);
  });
});

describe('sentNotice (decision 0019)', () => {
  const at = Date.UTC(2026, 10, 24, 12);
  it('says to whom and when', () => {
    expect(sentNotice({ email: 'sam@example.com', name: ' Sam Lee ' }, at, null)).toBe(
      `Sent to Sam Lee (sam@example.com) on ${formatDate(at)}.`,
    );
    expect(sentNotice({ email: 'sam@example.com', name: '' }, at, null)).toBe(
      `Sent to sam@example.com on ${formatDate(at)}.`,
    );
  });
  it('then who lost access', () => {
    expect(sentNotice({ email: 'sam@example.com', name: 'Sam' }, at, 'old@example.com')).toBe(
      `Sent to Sam (sam@example.com) on ${formatDate(at)}. old@example.com no longer has access to this proposal.`,
    );
  });
});
