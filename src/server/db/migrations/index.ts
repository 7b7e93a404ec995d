import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './2026-11-21-0001-initial';
import * as catalogue from './2026-11-21-0002-catalogue';
import * as selections from './2026-11-21-0003-selections';
import * as outboxSecrets from './2026-11-24-0001-outbox-secrets';
import * as lifecycle from './2026-11-24-0002-lifecycle';
import * as helpAnalytics from './2026-11-24-0004-help-analytics';
import * as outboxFaults from './2026-11-24-0006-outbox-faults';
import * as idempotency from './2026-11-24-0007-idempotency';
import * as proposalCurrency from './2026-11-24-0008-proposal-currency';
import * as replyVersion from './2026-11-24-0009-reply-version';
import * as sharedLimits from './2026-11-25-0001-shared-limits';
import * as catalogueSearchOrder from './2026-11-25-0002-catalogue-search-order';
import * as replyHeaderChanges from './2026-11-25-0036-reply-header-changes';
import * as replyGroupParts from './2026-11-25-0043-reply-group-parts';
import * as cataloguePrefixIndex from './2026-11-25-0053-catalogue-prefix-index';
import * as pendingSignups from './2026-11-30-0078-pending-signups';
import * as printKeyFromAppSecret from './2026-11-30-0079-print-key-from-app-secret';
import * as fileReferenceIndexes from './2026-11-30-0080-file-reference-indexes';
import * as feedbackCreatedIndex from './2026-11-30-0081-feedback-created-index';
import * as dropAppSecrets from './2026-11-30-0082-drop-app-secrets';
import * as uploadBudget from './2026-12-01-0084-upload-budget';
import * as outboxFromName from './2026-12-01-0090-outbox-from-name';
import * as optionChosenBy from './2026-12-01-0091-option-chosen-by';
import * as homeownerNamePerProposal from './2026-12-01-0092-homeowner-name-per-proposal';
import * as commentDigests from './2026-12-01-0093-comment-digests';
import * as accountVersion from './2026-12-01-0095-account-version';
import * as commentEdits from './2026-12-01-0096-comment-edits';
import * as commentEmailOptOuts from './2026-12-01-0098-comment-email-opt-outs';

/** Migrations are listed in code (not read from disk) so they work the same under tsx, in tests and in a bundle. */
export const migrations: Record<string, Migration> = {
  '2026-11-21-0001-initial': initial,
  '2026-11-21-0002-catalogue': catalogue,
  '2026-11-21-0003-selections': selections,
  '2026-11-24-0001-outbox-secrets': outboxSecrets,
  '2026-11-24-0002-lifecycle': lifecycle,
  '2026-11-24-0004-help-analytics': helpAnalytics,
  '2026-11-24-0006-outbox-faults': outboxFaults,
  '2026-11-24-0007-idempotency': idempotency,
  '2026-11-24-0008-proposal-currency': proposalCurrency,
  '2026-11-24-0009-reply-version': replyVersion,
  '2026-11-25-0001-shared-limits': sharedLimits,
  '2026-11-25-0002-catalogue-search-order': catalogueSearchOrder,
  '2026-11-25-0036-reply-header-changes': replyHeaderChanges,
  '2026-11-25-0043-reply-group-parts': replyGroupParts,
  '2026-11-25-0053-catalogue-prefix-index': cataloguePrefixIndex,
  '2026-11-30-0078-pending-signups': pendingSignups,
  '2026-11-30-0079-print-key-from-app-secret': printKeyFromAppSecret,
  '2026-11-30-0080-file-reference-indexes': fileReferenceIndexes,
  '2026-11-30-0081-feedback-created-index': feedbackCreatedIndex,
  '2026-11-30-0082-drop-app-secrets': dropAppSecrets,
  '2026-12-01-0084-upload-budget': uploadBudget,
  '2026-12-01-0090-outbox-from-name': outboxFromName,
  '2026-12-01-0091-option-chosen-by': optionChosenBy,
  '2026-12-01-0092-homeowner-name-per-proposal': homeownerNamePerProposal,
  '2026-12-01-0093-comment-digests': commentDigests,
  '2026-12-01-0095-account-version': accountVersion,
  '2026-12-01-0096-comment-edits': commentEdits,
  '2026-12-01-0098-comment-email-opt-outs': commentEmailOptOuts,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
