import { z } from 'zod';
import { emailSchema, roleSchema } from '../../shared/schemas/auth';
import { describeZodError } from '../../shared/schemas/errors';
import {
  findUserByEmail,
  insertUser,
  newUserRow,
  setReassign as setReassignOf,
} from '../auth/repository';
import { endSessionsAndLinksOf } from '../auth/sessions';
import type { Db } from '../db/database';

export class CliError extends Error {}

function parseOr<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw new CliError(describeZodError(r.error));
  return r.data;
}

async function setReassign(db: Db, rawEmail: string | undefined, value: 'granted' | null) {
  const email = parseOr(emailSchema, rawEmail ?? '');
  if (!(await setReassignOf(db, email, value)))
    throw new CliError(`No user with the e-mail ${email}.`);
  return value
    ? `Reassign permission granted to ${email}.`
    : `Reassign permission revoked from ${email}.`;
}

export const grantReassign = (db: Db, email?: string) => setReassign(db, email, 'granted');
export const revokeReassign = (db: Db, email?: string) => setReassign(db, email, null);

const createUserSchema = z.object({
  email: emailSchema,
  role: roleSchema,
  name: z.string().trim().min(1, 'Please enter your name.').max(120),
  phoneNumber: z.string().trim().max(40).default(''),
  companyName: z.string().trim().max(160).default(''),
});

export async function createUser(db: Db, input: Record<string, unknown>, now = Date.now()) {
  const u = parseOr(createUserSchema, input);
  const existing = await findUserByEmail(db, u.email);
  if (existing) throw new CliError('Email is already associated with another account');
  await insertUser(
    db,
    newUserRow({
      email: u.email,
      name: u.name,
      phoneNumber: u.phoneNumber,
      companyName: u.companyName,
      role: u.role,
      createdAt: now,
    }),
  );
  return `Created ${u.role} ${u.email}. They log in at /signin/ with this address.`;
}

/**
 * For support: ends every session of an address and its sign-in links not yet opened, as 'Log out
 * of all devices' does (decision 0089), for someone who lost a device and cannot sign in to do it.
 */
export async function endSessions(db: Db, rawEmail: string | undefined, now = Date.now()) {
  const email = parseOr(emailSchema, rawEmail ?? '');
  const user = await findUserByEmail(db, email);
  if (!user) throw new CliError(`No user with the e-mail ${email}.`);
  const ended = await endSessionsAndLinksOf(db, user.id, now);
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  return (
    `Ended ${count(ended.sessions, 'session')} and ${count(ended.links, 'unopened sign-in link')} ` +
    `of ${email}. They log in again with a new link from /signin/.`
  );
}
