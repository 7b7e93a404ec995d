import type { SelectionGroup, SelectionsPage } from '../../shared/schemas/selections';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { requireReader } from '../proposals/access';
import { loadGroups } from '../proposals/plan-repository';
import { receivesCommentEmails } from './comment-emails';
import { toComment, toOption } from './dto';
import { loadComments, loadOptions, loadSelectionItems } from './repository';

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const list = out.get(key(row));
    if (list) list.push(row);
    else out.set(key(row), [row]);
  }
  return out;
}

/**
 * GET /api/proposal/:id/selections: the groups that hold selection items, in plan order, each
 * item with its options and comments, and whether the caller gets its comment e-mails. Six
 * queries whatever the size of the plan.
 */
export async function getSelectionsPage(
  ctx: AppContext,
  user: UserRow | null,
  proposalId: string,
): Promise<SelectionsPage> {
  const { proposal, access } = await requireReader(ctx, user, proposalId);
  const callerId = user?.id ?? null;
  const groups = await loadGroups(ctx.db, proposalId);
  const items = groupBy(await loadSelectionItems(ctx.db, proposalId), (i) => i.group_id);
  const options = groupBy(await loadOptions(ctx.db, { proposalId }), (o) => o.cost_item_id);
  const comments = groupBy(await loadComments(ctx.db, proposalId), (c) => c.cost_item_id);
  const commentEmails =
    user && access.role !== 'public' ? await receivesCommentEmails(ctx, proposalId, user.id) : null;

  const shopGroups: SelectionGroup[] = groups.flatMap((group) => {
    const groupItems = items.get(group.id);
    if (!groupItems) return [];
    return [
      {
        id: group.id,
        name: group.name,
        items: groupItems.map((item) => ({
          id: item.id,
          groupId: group.id,
          name: item.name,
          note: item.note,
          costCents: Number(item.cost_cents),
          options: (options.get(item.id) ?? []).map((o) => toOption(o, callerId, access.role)),
          comments: (comments.get(item.id) ?? []).map((c) => toComment(c, callerId, access.role)),
        })),
      },
    ];
  });

  return {
    proposalId,
    projectName: proposal.project_name,
    currency: proposal.currency,
    access,
    canShop: access.role !== 'public',
    canEditNotes:
      access.role === 'owner' && access.canEdit && proposal.signed_by_contractor_at === null,
    commentEmails,
    groups: shopGroups,
  };
}
