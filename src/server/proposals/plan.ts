import { randomUUID } from 'node:crypto';
import { evaluateCost } from '../../shared/domain/cost-expression';
import { isKeptItem } from '../../shared/domain/plan-removals';
import { invalidCostMessage } from '../../shared/domain/plan-editor';
import type { ProposalInputParsed } from '../../shared/schemas/proposal';
import type { CostGroupsTable, CostItemsTable } from '../db/schema';
import { badRequest } from '../http/errors';

/*
 * docs/product/proposals-editor.md save rules as a pure function: the payload's groups and items, in order, become the rows
 * the proposal will hold.
 * - Pristine items and items without a name are dropped; so is a pristine group, unless an item
 *   the user did edit survived in it (dropping it would silently lose that item).
 * - An id this proposal already has keeps its row, so options and comments hang on; any other id
 *   (unknown, repeated, or another proposal's) gets a fresh one. A client id is never trusted.
 * - Cents are computed here from the typed expression; what the client thinks they are is unused.
 * Rows present before and absent now are returned for deletion.
 */

type GroupInput = ProposalInputParsed['costGroups'][number];

export interface PlanRows {
  groups: CostGroupsTable[];
  items: CostItemsTable[];
  /** Each kept group's image ids, in order, under the group's stored id. */
  groupImages: { groupId: string; fileIds: string[] }[];
  removedGroupIds: string[];
  removedItemIds: string[];
}

export function buildPlan(
  proposalId: string,
  input: readonly GroupInput[],
  existing: { groupIds: ReadonlySet<string>; itemIds: ReadonlySet<string> },
  newId: () => string = randomUUID,
): PlanRows {
  const usedGroupIds = new Set<string>();
  const usedItemIds = new Set<string>();
  const claim = (id: string | undefined, known: ReadonlySet<string>, used: Set<string>) => {
    const kept = id !== undefined && known.has(id) && !used.has(id) ? id : newId();
    used.add(kept);
    return kept;
  };

  const plan: PlanRows = {
    groups: [],
    items: [],
    groupImages: [],
    removedGroupIds: [],
    removedItemIds: [],
  };
  for (const group of input) {
    const values = group.values.filter(isKeptItem);
    if (group.pristine && values.length === 0) continue;
    const groupId = claim(group.id, existing.groupIds, usedGroupIds);
    plan.groups.push({
      id: groupId,
      proposal_id: proposalId,
      position: plan.groups.length,
      name: group.name,
      note: group.note,
    });
    plan.groupImages.push({ groupId, fileIds: group.imageIds });
    values.forEach((item, position) => {
      const cost = evaluateCost(item.rawCost);
      if (!cost.ok) throw badRequest(invalidCostMessage(item.name));
      plan.items.push({
        id: claim(item.id, existing.itemIds, usedItemIds),
        group_id: groupId,
        proposal_id: proposalId,
        position,
        name: item.name,
        cost_cents: cost.cents,
        raw_cost: item.rawCost,
        cost_type: item.costType,
        selection: item.selection ? 1 : 0,
        note: item.note,
      });
    });
  }
  plan.removedGroupIds = [...existing.groupIds].filter((id) => !usedGroupIds.has(id));
  plan.removedItemIds = [...existing.itemIds].filter((id) => !usedItemIds.has(id));
  return plan;
}
