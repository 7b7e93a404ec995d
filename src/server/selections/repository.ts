import type { CommentsTable, CostItemsTable, OptionsTable } from '../db/schema';
import type { Selectable } from 'kysely';
import type { ProductRow } from '../products/dto';
import { PRODUCT_COLUMNS } from '../products/product-columns';
import type { Executor } from '../db/helpers';
import { nameOnProposal } from '../members/repository';

/*
 * Reading the shop page: selection items, their options (with product and adder) and their
 * comments (with author), each in one query for the whole proposal, so the page costs the same
 * few queries however many items it has. The joins walk cost_items_proposal_idx,
 * options_item_idx and comments_item_idx.
 */

export type SelectionItemRow = Pick<
  CostItemsTable,
  'id' | 'group_id' | 'name' | 'note' | 'cost_cents'
>;

export function loadSelectionItems(db: Executor, proposalId: string): Promise<SelectionItemRow[]> {
  return db
    .selectFrom('cost_items')
    .select(['id', 'group_id', 'name', 'note', 'cost_cents'])
    .where('proposal_id', '=', proposalId)
    .where('selection', '=', 1)
    .orderBy('group_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export interface OptionRow extends Pick<
  OptionsTable,
  'id' | 'cost_item_id' | 'position' | 'added_by' | 'chosen_by' | 'chosen_at' | 'chosen_role'
> {
  product: ProductRow;
  adder: { name: string; email: string } | null;
  /** Who chose it (decision 0091), when the account is still there. */
  chooser: { name: string; email: string } | null;
}

type Scope = { proposalId: string } | { itemId: string };

/** The options of every selection item of a proposal, or of one item; each item's in order. */
export async function loadOptions(db: Executor, scope: Scope): Promise<OptionRow[]> {
  // The product's columns (toProductDto decides what leaves), beside the option's own columns
  // under names no product column has.
  // The adder as this proposal names them (decision 0087): its homeowner by its sender's name.
  let query = db
    .selectFrom('options as o')
    .innerJoin('products', 'products.id', 'o.product_id')
    .innerJoin('cost_items as ci', 'ci.id', 'o.cost_item_id')
    .leftJoin('users as u', 'u.id', 'o.added_by')
    .leftJoin('users as c', 'c.id', 'o.chosen_by')
    .leftJoin('proposal_members as pm', (join) =>
      join.onRef('pm.proposal_id', '=', 'ci.proposal_id').onRef('pm.user_id', '=', 'o.added_by'),
    )
    .leftJoin('proposal_members as cm', (join) =>
      join.onRef('cm.proposal_id', '=', 'ci.proposal_id').onRef('cm.user_id', '=', 'o.chosen_by'),
    )
    .select(PRODUCT_COLUMNS)
    .select([
      'o.id as option_id',
      'o.cost_item_id as option_item_id',
      'o.position as option_position',
      'o.added_by as option_added_by',
      'u.email as adder_email',
      'o.chosen_by as option_chosen_by',
      'o.chosen_at as option_chosen_at',
      'o.chosen_role as option_chosen_role',
      'c.email as chooser_email',
    ])
    .select(nameOnProposal('pm', 'u').as('adder_name'))
    // The chooser too, as this proposal names them (decision 0087).
    .select(nameOnProposal('cm', 'c').as('chooser_name'));
  if ('itemId' in scope) {
    query = query.where('o.cost_item_id', '=', scope.itemId);
  } else {
    query = query.where('ci.proposal_id', '=', scope.proposalId).where('ci.selection', '=', 1);
  }
  const rows = await query
    .orderBy('o.cost_item_id')
    .orderBy('o.sort_order')
    .orderBy('o.id')
    .execute();
  return rows.map(
    ({
      option_id,
      option_item_id,
      option_position,
      option_added_by,
      adder_name,
      adder_email,
      option_chosen_by,
      option_chosen_at,
      option_chosen_role,
      chooser_name,
      chooser_email,
      ...product
    }) => ({
      id: option_id,
      cost_item_id: option_item_id,
      position: option_position,
      added_by: option_added_by,
      product,
      adder:
        adder_name === null || adder_email === null
          ? null
          : { name: adder_name, email: adder_email },
      chosen_by: option_chosen_by,
      chosen_at: option_chosen_at === null ? null : Number(option_chosen_at),
      chosen_role: option_chosen_role,
      chooser:
        chooser_name === null || chooser_email === null
          ? null
          : { name: chooser_name, email: chooser_email },
    }),
  );
}

export type CommentRow = Selectable<CommentsTable> & { author_name: string | null };

/** Every comment on the proposal's selection items, oldest first, its author named as it names them. */
export function loadComments(db: Executor, proposalId: string): Promise<CommentRow[]> {
  return db
    .selectFrom('comments as c')
    .innerJoin('cost_items as ci', 'ci.id', 'c.cost_item_id')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('proposal_members as pm', (join) =>
      join.onRef('pm.proposal_id', '=', 'ci.proposal_id').onRef('pm.user_id', '=', 'c.user_id'),
    )
    .selectAll('c')
    .select(nameOnProposal('pm', 'u').as('author_name'))
    .where('ci.proposal_id', '=', proposalId)
    .where('ci.selection', '=', 1)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
}
