import type { Comment, Option } from '../../shared/schemas/selections';
import { mayRemoveOption } from '../../shared/domain/selections';
import type { ProposalAccess } from '../../shared/schemas/proposal';
import { toProductDto } from '../products/dto';
import type { CommentRow, OptionRow } from './repository';

/** Rows to the shop page's shapes (shared/schemas/selections.ts). */

/** Shown for a person who set no name, to a reader who may not learn their e-mail. */
export const UNNAMED_MEMBER = 'A team member';

/**
 * How a member is named on the page: their name, else the part of their e-mail before the '@'.
 * A public reader does not see members' e-mails (docs/product/selections.md comments carry them for members only), so
 * they get a neutral label rather than a piece of one.
 */
export function displayName(
  person: { name: string | null; email: string },
  showEmail: boolean,
): string {
  const name = person.name?.trim() ?? '';
  if (name !== '') return name;
  return showEmail ? (person.email.split('@')[0] ?? '') : UNNAMED_MEMBER;
}

export function toOption(
  row: OptionRow,
  callerId: string | null,
  role: ProposalAccess['role'],
): Option {
  const showEmail = role !== 'public';
  return {
    id: row.id,
    productId: row.product.id,
    product: toProductDto(row.product, callerId),
    position: row.position,
    addedBy: row.adder ? displayName(row.adder, showEmail) : null,
    canRemove: mayRemoveOption(role, row.added_by, callerId),
  };
}

export function toComment(row: CommentRow, callerId: string | null, showEmail: boolean): Comment {
  return {
    id: row.id,
    content: row.content,
    createdAt: row.created_at,
    email: showEmail ? row.email : '',
    authorName: displayName({ name: row.author_name, email: row.email }, showEmail),
    mine: callerId !== null && row.user_id === callerId,
  };
}
