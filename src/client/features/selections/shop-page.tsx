import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Accordion } from '../../ui/accordion';
import * as Tooltip from '@radix-ui/react-tooltip';
import { ChevronsDownUp, ChevronsUpDown } from 'lucide-react';
import { CommentEmailsSwitch } from './comment-emails-switch';
import { useLocation } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/constants';
import { parseItemAnchor } from '../../../shared/domain/selections';
import type { User } from '../../../shared/schemas/auth';
import type { SelectionsPage } from '../../../shared/schemas/selections';
import { takeOver } from '../../prerender/takeover';
import { useInBatches } from '../../ui/use-in-batches';
import { TabBar } from '../viewer/tab-bar';
import { viewerTabs, type ViewerKind } from '../viewer/tabs';
import { GroupPanel } from './group-panel';
import type { ItemCardHandlers } from './item-card';
import { SaveBanner } from './save-banner';
import { ShopDialogs } from './shop-dialogs';
import {
  filterCounts,
  firstScreenGroupCount,
  matchesFilter,
  shopProgress,
  type ShopFilter,
} from './shop-model';
import { ShopFilters } from './shop-filters';
import { ShopProgress } from './shop-progress';
import { StatusAnnouncer } from '../../ui/status-announcer';
import { useAddOption, type PendingOption } from './use-add-option';
import { useCommentEmails } from './use-comment-emails';
import { useItemAnchor } from './use-item-anchor';
import { useLocalImages } from './use-local-images';
import { useShopActions } from './use-shop-actions';
import { useShopDialogs } from './use-shop-dialogs';
import { useShopMessages } from './use-shop-messages';
import { useShopStore } from './use-shop-store';
import { useStableHandlers } from './use-stable-handlers';
import { pageMemoryOf } from './page-memory';
import { UnsentTextsProvider } from './unsent-text';
import styles from './shop-page.module.css';

interface ShopPageProps {
  data: SelectionsPage;
  view: ViewerKind;
  user: User | null;
}

/** The selections (shop) page (docs/product/selections.md) for one proposal, saved for members and page-only otherwise. */
export function ShopPage({ data, view, user }: ShopPageProps) {
  const local = user === null || !data.canShop;
  const store = useShopStore(data, local);
  const { page } = store;
  const memory = pageMemoryOf(user?._id ?? null, page.proposalId);
  const messages = useShopMessages(memory.alerts);
  const dialogs = useShopDialogs();
  const localImages = useLocalImages();
  const actions = useShopActions(store, messages, user, localImages);
  const adding = useAddOption(
    store,
    messages,
    user,
    {
      openManual: dialogs.openManual,
      offerManual: dialogs.offerManual,
      showNotice: dialogs.showNotice,
    },
    localImages,
  );
  const pendingByItem = useMemo(() => groupPending(adding.pending), [adding.pending]);
  const commentEmails = useCommentEmails(store, page.commentEmails ?? false);

  const groups = page.groups.filter((group) => group.items.length > 0);
  const [open, setOpen] = useState<string[]>(() => groups.map((group) => group.id));
  // Items start closed (decision 0020): the page lists every item's status, one opens to compare.
  const [openItems, setOpenItems] = useState<ReadonlySet<string>>(() => new Set());
  const [filter, setFilter] = useState<ShopFilter>('all');
  const openItem = useCallback((groupId: string, itemId: string) => {
    setOpen((ids) => (ids.includes(groupId) ? ids : [...ids, groupId]));
    setOpenItems((ids) => (ids.has(itemId) ? ids : new Set(ids).add(itemId)));
  }, []);
  const toggleItem = useCallback((itemId: string) => {
    setOpenItems((ids) => {
      const next = new Set(ids);
      if (!next.delete(itemId)) next.add(itemId);
      return next;
    });
  }, []);
  const revealItem = useItemAnchor(page, openItem);
  const counts = filterCounts(page);
  // An open item stays listed while its status changes under a filter, so it never vanishes
  // from under the pointer or the keyboard; changing the filter closes what it hides.
  // One set per change, so a group whose items did not change skips rendering (GroupPanel is memo).
  const visibleIds = useMemo(
    () =>
      new Set(
        page.groups.flatMap((group) =>
          group.items
            .filter((item) => openItems.has(item.id) || matchesFilter(item, filter))
            .map((item) => item.id),
        ),
      ),
    [page.groups, openItems, filter],
  );
  // The items open when focus came into the filters: arrowing past a filter that hides one (All →
  // To choose → Chosen) does not close it for the filter the arrows stop on.
  const openOnEntry = useRef<ReadonlySet<string> | null>(null);
  const changeFilter = (next: ShopFilter) => {
    setFilter(next);
    setOpenItems((ids) => {
      const open = openOnEntry.current ?? ids;
      const kept = groups
        .flatMap((group) => group.items)
        .filter((item) => open.has(item.id) && matchesFilter(item, next))
        .map((item) => item.id);
      return new Set(kept);
    });
  };
  const shownGroups = groups.filter((group) => group.items.some((i) => visibleIds.has(i.id)));
  // The first screen's groups paint first; the rest follow a screen at a time (decision 0066).
  // An item's address renders them all at once, for its item to be found.
  const { hash } = useLocation();
  const shown = (id: string) => visibleIds.has(id);
  const renderedGroups = useInBatches(
    shownGroups.length,
    () => (parseItemAnchor(hash) ? Infinity : firstScreenGroupCount(shownGroups, shown)),
    (rendered) => firstScreenGroupCount(shownGroups.slice(rendered), shown),
  );

  // The same first screen as the server's (decision 0066): it takes that one's place before paint.
  useLayoutEffect(() => takeOver(), []);

  const allOpen = groups.every((group) => open.includes(group.id));
  const percent = shopProgress(page);
  const title = page.projectName.trim() || 'Untitled Project';
  const tabs = viewerTabs({
    proposalId: page.proposalId,
    view,
    role: page.access.role,
    hasSelections: true,
    homeownerSigned: page.access.role === 'owner' && !page.access.canEdit,
  });

  const handlers = useStableHandlers<ItemCardHandlers>({
    cyclePosition: actions.cyclePosition,
    reorder: actions.reorder,
    saveNote: actions.saveNote,
    addComment: actions.addComment,
    editComment: actions.editComment,
    deleteComment: actions.deleteComment,
    addByUrl: adding.addByUrl,
    addCatalogueProduct: adding.addCatalogueProduct,
    openManual: (itemId) => dialogs.openManual(itemId),
    openEdit: dialogs.openEdit,
    openFix: dialogs.openFix,
    confirmRemove: dialogs.confirmRemove,
    dismissAlert: messages.dismiss,
    notify: messages.notify,
    toggleItem,
  });

  return (
    <Tooltip.Provider delayDuration={200}>
      <UnsentTextsProvider value={memory.unsent}>
        <div className={styles.shop}>
          <title>{`${title} · Selections · ${PRODUCT_NAME}`}</title>
          <TabBar tabs={tabs} />
          <div className={styles.page}>
            {local && <SaveBanner signedIn={user !== null} />}
            <header className={styles.head}>
              <p className={styles.eyebrow}>Selections</p>
              <h1 className={styles.title}>{title}</h1>
              {percent !== null && <ShopProgress percent={percent} />}
              {!local && page.commentEmails !== null && (
                <CommentEmailsSwitch setting={commentEmails} />
              )}
            </header>

            {groups.length === 0 ? (
              <p className={styles.emptyPage}>
                This proposal has no items to shop for yet. Items marked for shopping in the plan
                show up here.
              </p>
            ) : (
              <>
                <div className={styles.toolbar}>
                  <ShopFilters
                    value={filter}
                    counts={counts}
                    onChange={changeFilter}
                    onEnter={() => (openOnEntry.current = openItems)}
                    onLeave={() => (openOnEntry.current = null)}
                  />
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    onClick={() => setOpen(allOpen ? [] : groups.map((group) => group.id))}
                  >
                    {allOpen ? (
                      <ChevronsDownUp size={16} aria-hidden="true" />
                    ) : (
                      <ChevronsUpDown size={16} aria-hidden="true" />
                    )}
                    {allOpen ? 'Collapse All' : 'Expand All'}
                  </button>
                </div>
                <Accordion
                  type="multiple"
                  value={open}
                  onValueChange={setOpen}
                  className={styles.groups}
                >
                  {shownGroups.slice(0, renderedGroups).map((group) => (
                    <GroupPanel
                      key={group.id}
                      group={group}
                      pendingByItem={pendingByItem}
                      alerts={messages.alerts}
                      canEditNotes={page.canEditNotes && !local}
                      canSave={!local}
                      role={local ? null : page.access.role}
                      handlers={handlers}
                      visibleIds={visibleIds}
                      openIds={openItems}
                      revealItem={revealItem}
                    />
                  ))}
                </Accordion>
                {shownGroups.length === 0 && (
                  <p className={styles.emptyFilter}>
                    {filter === 'chosen'
                      ? 'No item has a chosen option yet.'
                      : 'Every item has a chosen option.'}
                  </p>
                )}
              </>
            )}
          </div>
          <StatusAnnouncer announcer={messages.announcer} />
          <ShopDialogs
            dialogs={dialogs}
            local={local}
            addManual={adding.addManual}
            editProduct={actions.editProduct}
            fixProduct={actions.fixProduct}
            remove={actions.remove}
          />
        </div>
      </UnsentTextsProvider>
    </Tooltip.Provider>
  );
}

/** The loading cards of each item that has any. */
function groupPending(pending: readonly PendingOption[]) {
  const byItem = new Map<string, PendingOption[]>();
  for (const p of pending) byItem.set(p.itemId, [...(byItem.get(p.itemId) ?? []), p]);
  return byItem;
}
