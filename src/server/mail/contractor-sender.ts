import addressparser from 'nodemailer/lib/addressparser/index.js';
import type { SendMailOptions } from 'nodemailer';
import { PRODUCT_NAME } from '../../shared/constants';
import type { ProposalRow, UserRow } from '../db/schema';

/**
 * Mail a contractor sends to people through us (decision 0090): the proposal (sent and resent)
 * and an invitation. Replies reach the contractor, the From name says who it is from, and the
 * footer says how else to reach them.
 */

/**
 * How to reach the contractor: the person who holds the account (whom a reply reaches), and the
 * company and phone the proposal's cover gives this client, else the account's.
 */
export interface ContractorContact {
  name: string;
  company: string;
  phone: string;
  email: string;
}

export function contractorContact(
  proposal: Pick<ProposalRow, 'name' | 'company_name' | 'phone_number'>,
  owner: Pick<UserRow, 'name' | 'company_name' | 'phone_number' | 'email'>,
): ContractorContact {
  const first = (...values: string[]) => values.map(oneLine).find(Boolean) ?? '';
  return {
    name: first(owner.name, proposal.name),
    company: first(proposal.company_name, owner.company_name),
    phone: first(proposal.phone_number, owner.phone_number),
    // The account's address, not one typed on the cover: it is the one we know reaches them.
    email: owner.email,
  };
}

/** Names people typed, made one line: a line break or a control character has no place in a header. */
function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
}

/** Display names longer than this are clipped: mail clients show about this much of a From. */
const FROM_NAME_MAX = 60;

/**
 * 'Carla Contreras via Plansmith': the person, else the company. Only a display name: the address
 * stays ours (MAIL_FROM), since we may not send as the contractor's domain (SPF, DMARC).
 */
export function fromNameFor(contact: ContractorContact): string | undefined {
  const who = contact.name || contact.company;
  if (!who) return undefined;
  const clipped = who.length > FROM_NAME_MAX ? `${who.slice(0, FROM_NAME_MAX - 1)}…` : who;
  return `${clipped} via ${PRODUCT_NAME}`;
}

/** The outbox fields of such a message: Reply-To the contractor, and the From display name. */
export function contractorMailHeaders(contact: ContractorContact): {
  replyTo: string;
  fromName?: string;
} {
  const fromName = fromNameFor(contact);
  return { replyTo: contact.email, ...(fromName ? { fromName } : {}) };
}

/**
 * The From header of a message: MAIL_FROM, or its address under the row's display name. An
 * address object, never text we put together, so nodemailer quotes or encodes any name (quotes,
 * commas, non-ASCII) and no name can add a header.
 */
export function fromHeader(mailFrom: string, fromName: string | null): SendMailOptions['from'] {
  if (!fromName) return mailFrom;
  const address = addressparser(mailFrom, { flatten: true })[0]?.address;
  return address ? { name: oneLine(fromName), address } : mailFrom;
}
