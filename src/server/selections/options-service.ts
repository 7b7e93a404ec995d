import { randomUUID } from 'node:crypto';
import { storableProductUrl } from '../products/product-url';
import {
  markedBeforeRemoval,
  type AddProductRequest,
  type ItemOptions,
  type Option,
  type Position,
} from '../../shared/schemas/selections';
import type { AppContext } from '../context';
import type { ChooserRole, UserRow } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/errors';
import { recordKey, type SaveKey } from '../idempotency/keys';
import { toProductDto } from '../products/dto';
import {
  CHOICE_STANDS,
  ITEM_GONE,
  OPTION_GONE,
  OWN_OPTIONS_ONLY,
  requireShopper,
  shopperName,
  stillShopping,
  type Shopper,
} from './access';
import { placeForOption } from './option-place';
import { isUniqueViolation } from '../db/helpers';
import { displayName, holderOf, toOption } from './dto';
import { recordChoice } from './choice-trace';
import { lockProposal } from '../members/repository';
import {
  deleteOption,
  choiceOf,
  demoteChosen,
  findOption,
  findSelectionItem,
  findUsableProduct,
  hasProduct,
  insertOption,
  lockSelectionItem,
  optionIdsOf,
  optionStateOf,
  positionOf,
  setPosition,
  setSortOrders,
  type OptionRef,
} from './options-repository';
import { loadOptions } from './repository';
import { touchItem } from '../proposals/repository';
import { POSITION_LABELS, mayChangeChoice, mayRemoveOption } from '../../shared/domain/selections';
import type { Trx } from '../db/helpers';

/*
 * Changing an item's options (docs/product/selections.md "Option position cycle", "Adding products"). Each change runs in
 * one transaction that first locks the item, and answers the item's options as stored after it,
 * so the page shows exactly the server's state. Options stay changeable after signing: they are
 * not part of the signed content (signing/content.ts).
 */

export async function itemOptions(db: Trx, itemId: string, shopper: Shopper): Promise<ItemOptions> {
  const rows = await loadOptions(db, { itemId });
  return {
    costItemId: itemId,
    options: rows.map((r) => toOption(r, shopper.user.id, shopper.access.role)),
  };
}

/** The option when it is on a selection item of this proposal; 404 otherwise. */
async function optionOf(ctx: AppContext, shopper: Shopper, optionId: string): Promise<OptionRef> {
  const option = await findOption(ctx.db, shopper.proposal.id, optionId);
  if (!option) throw notFound(OPTION_GONE);
  return option;
}

/**
 * Runs a shopper's change of an item under the item's lock; 404 when the item went away, or the
 * shopper lost access, meanwhile.
 */
export function withItemLocked<T>(
  ctx: AppContext,
  proposalId: string,
  itemId: string,
  shopperId: string,
  change: (trx: Trx) => Promise<T>,
  /**
   * 'count': the change adds or removes an option, which the proposal's reply counts (decision
   * 0024); 'activity': it may add to the owner's activity (decision 0091). Either writes the
   * proposal's row, so that row is locked first.
   */
  touches: 'count' | 'activity' | false = false,
): Promise<T> {
  return ctx.db.transaction().execute(async (trx) => {
    // The proposal row before the item, in the order a plan save locks them; only the item's
    // group's reply part is built again (decision 0043).
    if (touches === 'count') await touchItem(trx, proposalId, itemId);
    if (touches === 'activity' && !(await lockProposal(trx, ctx.dialect, proposalId)))
      throw notFound();
    if (!(await lockSelectionItem(trx, ctx.dialect, proposalId, itemId))) throw notFound(ITEM_GONE);
    await stillShopping(trx, proposalId, shopperId);
    return change(trx);
  });
}

/** POST /api/proposal/:id/addProduct/ */
export async function addProduct(
  ctx: AppContext,
  user: UserRow | null,
  proposalId: string,
  input: AddProductRequest,
  /** Recorded with the option, so a retry answers it instead of 409 (decision 0015). */
  saveKey: SaveKey | null = null,
): Promise<Option> {
  const shopper = await requireShopper(ctx, user, proposalId);
  const item = await findSelectionItem(ctx.db, proposalId, input.costItemId);
  if (!item || (input.costGroupId !== undefined && item.group_id !== input.costGroupId))
    throw notFound(ITEM_GONE);
  const url = input.productId === undefined ? storableProductUrl(input.url ?? '') : null;
  const product =
    input.productId !== undefined
      ? await findUsableProduct(ctx.db, proposalId, { id: input.productId })
      : url !== null
        ? await findUsableProduct(ctx.db, proposalId, { url })
        : undefined;
  if (!product) throw notFound('Unknown product.');

  const id = randomUUID();
  try {
    return await withItemLocked(
      ctx,
      proposalId,
      item.id,
      shopper.user.id,
      async (trx) => {
        if (await hasProduct(trx, item.id, product.id)) throw conflict('already_on_item');
        // Named as loadOptions names the adder later (decision 0087).
        const option: Option = {
          id,
          productId: product.id,
          product: toProductDto(product, shopper.user.id),
          position: 'not_selected',
          addedBy: displayName(await shopperName(trx, proposalId, shopper), true),
          canRemove: true,
          chosenBy: null,
          chosenAt: null,
        };
        await insertOption(trx, {
          id,
          cost_item_id: item.id,
          product_id: product.id,
          position: 'not_selected',
          sort_order: await placeForOption(trx, item.id),
          added_by: shopper.user.id,
          created_at: ctx.now(),
        });
        await recordKey(trx, saveKey, JSON.stringify(option), ctx.now());
        return option;
      },
      'count',
    );
  } catch (err) {
    // options_item_product_uq decides between two requests adding the same product at once.
    if (isUniqueViolation(err)) throw conflict('already_on_item');
    throw err;
  }
}

const POSITION_ATTEMPTS = 3;

/** As what the shopper chooses: every shopper is the owner, the homeowner or an invitee. */
function chooserRole(shopper: Shopper): ChooserRole {
  const { role } = shopper.access;
  return role === 'public' ? 'invitee' : role;
}

/**
 * Records a change of the item's choice in the owner's activity (decision 0091), except the
 * owner's own before sending: setting up the proposal, as edits before sending are not traced.
 */
async function traceChoice(
  trx: Trx,
  ctx: AppContext,
  shopper: Shopper,
  itemId: string,
  optionId: string | null,
): Promise<void> {
  if (shopper.access.role === 'owner' && shopper.proposal.sent_at === null) return;
  await recordChoice(trx, {
    proposalId: shopper.proposal.id,
    itemId,
    optionId,
    userId: shopper.user.id,
    role: chooserRole(shopper),
    now: ctx.now(),
  });
}

/**
 * PUT /api/proposal/:id/options/:optionId (docs/product/selections.md): the previous Chosen is demoted before this one is
 * chosen, under the item's lock. The partial unique index (one Chosen per item) is the last word:
 * should a write slip past the lock, its violation is retried, and the retry demotes the winner.
 * Who chose, when and as what is kept with the Chosen option, and an invitee may not replace or
 * undo the homeowner's or the contractor's choice (decision 0091).
 */
export async function setOptionPosition(
  ctx: AppContext,
  user: UserRow | null,
  proposalId: string,
  optionId: string,
  position: Position,
  /** What the caller's screen showed: refused when it is no longer so. */
  shown: { expected?: Position; expectedChosen?: string | null } = {},
): Promise<ItemOptions> {
  const { expected, expectedChosen } = shown;
  const shopper = await requireShopper(ctx, user, proposalId);
  const option = await optionOf(ctx, shopper, optionId);
  const itemId = option.cost_item_id;
  for (let attempt = 1; ; attempt++) {
    try {
      return await withItemLocked(
        ctx,
        proposalId,
        itemId,
        shopper.user.id,
        async (trx) => {
          const now = await positionOf(trx, option.id);
          if (now === undefined) throw notFound(OPTION_GONE);
          if (expected !== undefined && now !== expected) throw conflict('position_changed');
          const choice = await choiceOf(trx, itemId);
          // Choosing demotes the item's Chosen: not one this screen never showed.
          if (position === 'chosen' && expectedChosen !== undefined) {
            if ((choice?.id ?? null) !== expectedChosen) throw conflict('position_changed');
          }
          const wasChosen = now === 'chosen';
          const choiceChanges = position === 'chosen' ? !wasChosen : wasChosen;
          if (choiceChanges) {
            const holder = choice ? (choice.chosen_role ?? 'unknown') : 'none';
            if (!mayChangeChoice(shopper.access.role, holder)) throw forbidden(CHOICE_STANDS);
          }
          if (position === 'chosen' && !wasChosen) await demoteChosen(trx, itemId, option.id);
          // Chosen again by its chooser or anyone: it stays the choice it was, with its chooser.
          if (!(position === 'chosen' && wasChosen)) {
            const chooser = { userId: shopper.user.id, role: chooserRole(shopper), at: ctx.now() };
            if (!(await setPosition(trx, option.id, position, chooser)))
              throw notFound(OPTION_GONE);
          }
          if (choiceChanges)
            await traceChoice(trx, ctx, shopper, itemId, position === 'chosen' ? option.id : null);
          return itemOptions(trx, itemId, shopper);
        },
        'activity',
      );
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= POSITION_ATTEMPTS) throw err;
    }
  }
}

/** DELETE /api/proposal/:id/options/:optionId: the product itself stays (catalogue, other items). */
export async function removeOption(
  ctx: AppContext,
  user: UserRow | null,
  proposalId: string,
  optionId: string,
  /**
   * The position the confirmation was asked about. Refused when someone has marked the option
   * Liked or Chosen since: removing it would take away their choice unseen. An option unmarked
   * since is removed, as nobody's choice goes with it.
   */
  expected?: Position,
): Promise<ItemOptions> {
  const shopper = await requireShopper(ctx, user, proposalId);
  const option = await optionOf(ctx, shopper, optionId);
  if (!mayRemoveOption(shopper.access.role, option.added_by, shopper.user.id))
    throw forbidden(OWN_OPTIONS_ONLY);
  return withItemLocked(
    ctx,
    proposalId,
    option.cost_item_id,
    shopper.user.id,
    async (trx) => {
      const state = await optionStateOf(trx, option.id);
      if (state === undefined) throw notFound(OPTION_GONE);
      const now = state.position;
      if (expected !== undefined && now !== expected && now !== 'not_selected')
        throw conflict('marked_since_shown', markedBeforeRemoval(POSITION_LABELS[now]));
      // The item's choice goes with it: only for someone who may change that choice.
      if (!mayRemoveOption(shopper.access.role, option.added_by, shopper.user.id, holderOf(state)))
        throw forbidden(CHOICE_STANDS);
      if (!(await deleteOption(trx, option.id))) throw notFound(OPTION_GONE);
      if (now === 'chosen') await traceChoice(trx, ctx, shopper, option.cost_item_id, null);
      return itemOptions(trx, option.cost_item_id, shopper);
    },
    'count',
  );
}

/**
 * PUT /api/proposal/:id/items/:itemId/options/order: the ids must be exactly the item's options
 * now; a set that changed meanwhile (an option added or removed elsewhere) changes nothing, nor
 * does an order the caller did not see (`expected`: another member reordered meanwhile).
 */
export async function reorderOptions(
  ctx: AppContext,
  user: UserRow | null,
  proposalId: string,
  itemId: string,
  optionIds: string[],
  expected?: string[],
): Promise<ItemOptions> {
  const shopper = await requireShopper(ctx, user, proposalId);
  return withItemLocked(ctx, proposalId, itemId, shopper.user.id, async (trx) => {
    const now = await optionIdsOf(trx, itemId);
    const current = new Set(now);
    if (current.size !== optionIds.length || optionIds.some((id) => !current.has(id)))
      throw conflict('options_changed');
    if (expected && (expected.length !== now.length || expected.some((id, i) => id !== now[i])))
      throw conflict('options_changed');
    await setSortOrders(trx, itemId, optionIds);
    return itemOptions(trx, itemId, shopper);
  });
}
