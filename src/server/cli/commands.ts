import { randomUUID } from 'node:crypto';
import { changedRows } from '../db/helpers';
import { z } from 'zod';
import { emailSchema, roleSchema } from '../../shared/schemas/auth';
import { describeZodError } from '../../shared/schemas/errors';
import type { Db } from '../db/database';

export class CliError extends Error {}

function parseOr<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw new CliError(describeZodError(r.error));
  return r.data;
}

async function setReassign(db: Db, rawEmail: string | undefined, value: 'granted' | null) {
  const email = parseOr(emailSchema, rawEmail ?? '');
  const result = await db
    .updateTable('users')
    .set({ reassign: value })
    .where('email', '=', email)
    .executeTakeFirst();
  if (changedRows(result) === 0) throw new CliError(`No user with the e-mail ${email}.`);
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
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', u.email)
    .executeTakeFirst();
  if (existing) throw new CliError('Email is already associated with another account');
  await db
    .insertInto('users')
    .values({
      id: randomUUID(),
      email: u.email,
      name: u.name,
      phone_number: u.phoneNumber,
      company_name: u.companyName,
      role: u.role,
      reassign: null,
      company_logo_file_id: null,
      created_at: now,
      last_login_at: null,
    })
    .execute();
  return `Created ${u.role} ${u.email}. They log in at /signin/ with this address.`;
}
