import { ACCOUNT_CHANGED } from './account';
import type { ConflictCode } from './errors';
import { PRODUCT_EDITED_ELSEWHERE } from './products';
import {
  CONTRACTOR_SIGNED,
  FROZEN_AFTER_SIGNING,
  SIGNED_CONTENT_LOCKED,
  SIGNED_NOT_DELETABLE,
  SIGNED_NOT_REASSIGNABLE,
  STALE_VERSION,
} from './proposal';
import {
  ALREADY_ON_ITEM,
  COMMENT_CHANGED,
  ITEM_FULL,
  NOTE_CHANGED,
  OPTION_PRODUCT_NOT_SHARED,
  OPTIONS_CHANGED,
  POSITION_CHANGED,
  PRODUCT_CHANGED,
} from './selections';
import { ALREADY_SIGNED_BY_HOMEOWNER, SIGNED_HOMEOWNER_STAYS } from './sending';
import { ALREADY_SIGNED, PROPOSAL_CHANGED } from './signing';
import { SIGN_BEFORE_SEND } from './signing-texts';

/** The 409s whose message names what changed, so it is built for each answer. */
export type ConflictWithOwnWords = 'options_gained' | 'marked_since_shown';
export type WordedConflict = Exclude<ConflictCode, ConflictWithOwnWords>;

/**
 * The words of every other 409, by its code (decision 0077): a refusal names its code only, so
 * no code is ever sent with another kind's message.
 */
export const CONFLICT_MESSAGES: Readonly<Record<WordedConflict, string>> = {
  stale_version: STALE_VERSION,
  frozen_after_signing: FROZEN_AFTER_SIGNING,
  signed_content_locked: SIGNED_CONTENT_LOCKED,
  contractor_signed: CONTRACTOR_SIGNED,
  signed_not_deletable: SIGNED_NOT_DELETABLE,
  signed_not_reassignable: SIGNED_NOT_REASSIGNABLE,
  signed_homeowner_stays: SIGNED_HOMEOWNER_STAYS,
  already_signed_by_homeowner: ALREADY_SIGNED_BY_HOMEOWNER,
  proposal_changed: PROPOSAL_CHANGED,
  already_signed: ALREADY_SIGNED,
  sign_before_send: SIGN_BEFORE_SEND,
  note_changed: NOTE_CHANGED,
  position_changed: POSITION_CHANGED,
  options_changed: OPTIONS_CHANGED,
  already_on_item: ALREADY_ON_ITEM,
  product_changed: PRODUCT_CHANGED,
  product_edited_elsewhere: PRODUCT_EDITED_ELSEWHERE,
  option_product_not_shared: OPTION_PRODUCT_NOT_SHARED,
  item_full: ITEM_FULL,
  account_changed: ACCOUNT_CHANGED,
  comment_changed: COMMENT_CHANGED,
};
