import {
  COMPANY_FOR_CONTRACTORS,
  LOGO_UNAVAILABLE,
  NAME_ERROR,
  contractorNameMissing,
  type Account,
  type AccountUpdateParsed,
} from '../../shared/schemas/account';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import type { Executor } from '../db/helpers';
import { fileRef } from '../proposals/dto';
import { findFiles } from '../proposals/plan-repository';
import { badRequest, conflict } from '../http/errors';
import { isOwnFreshLogo, updateAccountAsSeen, type AccountChange } from './account-repository';
import { findUserById } from './repository';
import { toUserDto } from './user-dto';

/*
 * docs/product/account.md, decision 0094: a signed-in person changes their own account, and only
 * their own (the session names it; the body names nobody). What they send, mail and prefill from
 * now on reads the account row at the time, so the change reaches those at once; proposals
 * already written keep what their cover and welcome say.
 */

export async function toAccount(db: Executor, row: UserRow): Promise<Account> {
  const logoId = row.company_logo_file_id;
  const [logo] = logoId ? await findFiles(db, [logoId]) : [];
  return {
    user: toUserDto(row),
    version: row.account_version,
    companyLogoFile: logo ? fileRef(logo) : null,
  };
}

export async function updateAccount(
  ctx: AppContext,
  user: UserRow,
  body: AccountUpdateParsed,
): Promise<Account> {
  if (contractorNameMissing(user.role, body.name)) throw badRequest(NAME_ERROR);
  const contractor = user.role === 'contractor';
  if (!contractor && (body.companyName || body.companyLogoId))
    throw badRequest(COMPANY_FOR_CONTRACTORS);
  const change: AccountChange = { name: body.name, phone_number: body.phoneNumber };
  if (contractor && body.companyName !== undefined) change.company_name = body.companyName;
  if (contractor && body.companyLogoId !== undefined)
    change.company_logo_file_id = body.companyLogoId;

  return ctx.db.transaction().execute(async (trx) => {
    const logo = body.companyLogoId;
    // The logo the account has may stay; a new one must be the caller's own fresh upload, so
    // nobody can take another account's or a proposal's file as theirs.
    if (logo && logo !== user.company_logo_file_id && !(await isOwnFreshLogo(trx, user.id, logo)))
      throw badRequest(LOGO_UNAVAILABLE);
    if (!(await updateAccountAsSeen(trx, user.id, body.version, change)))
      throw conflict('account_changed');
    const saved = await findUserById(trx, user.id);
    if (!saved) throw conflict('account_changed');
    return toAccount(trx, saved);
  });
}
