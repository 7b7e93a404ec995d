import type { Comment, Option } from '../../shared/schemas/selections';
import {
  mayDeleteComment,
  mayEditComment,
  mayRemoveOption,
  type ChoiceHolder,
} from '../../shared/domain/selections';
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
  const chosen = row.position === 'chosen';
  // Decision 0091: a Chosen option says whose choice it is; one chosen before that says nothing.
  const chosenBy =
    chosen && row.chosen_role !== null
      ? {
          name: row.chooser ? displayName(row.chooser, showEmail) : '',
          role: row.chosen_role,
          mine: callerId !== null && row.chosen_by === callerId,
        }
      : null;
  return {
    id: row.id,
    productId: row.product.id,
    product: toProductDto(row.product, callerId),
    position: row.position,
    addedBy: row.adder ? displayName(row.adder, showEmail) : null,
    canRemove: mayRemoveOption(role, row.added_by, callerId, holderOf(row)),
    chosenBy,
    chosenAt: chosenBy ? row.chosen_at : null,
  };
}

/** The holder of the choice an option carries ('none' when it is not Chosen). */
export function holderOf(row: Pick<OptionRow, 'position' | 'chosen_role'>): ChoiceHolder {
  if (row.position !== 'chosen') return 'none';
  return row.chosen_role ?? 'unknown';
}

export function toComment(
  row: CommentRow,
  callerId: string | null,
  role: ProposalAccess['role'],
): Comment {
  const showEmail = role !== 'public';
  return {
    id: row.id,
    content: row.content,
    createdAt: Number(row.created_at),
    email: showEmail ? row.email : '',
    authorName: displayName({ name: row.author_name, email: row.email }, showEmail),
    mine: callerId !== null && row.user_id === callerId,
    editedAt: row.edited_at === null ? null : Number(row.edited_at),
    version: row.version,
    canEdit: mayEditComment(role, row.user_id, callerId),
    canDelete: mayDeleteComment(role, row.user_id, callerId),
  };
}
