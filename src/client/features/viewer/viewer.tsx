import {
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useLayoutEffect,
  useState,
  type ReactNode,
} from 'react';
import { budgetOf } from '../../../shared/domain/budget';
import { PRODUCT_NAME } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import type { User } from '../../../shared/schemas/auth';
import type { Proposal } from '../../../shared/schemas/proposal';
import { CurrencyProvider } from '../../ui/currency-context';
import { takeOver } from '../../prerender/takeover';
import { TeamAccess } from '../sending/team-access';
import { ActionBar } from './action-bar';
import { ActivityList } from './activity-list';
import { contractorWithdrew, updatedSinceSent } from './activity-model';
import { actionBar } from './action-bar-model';
import { useHomeowner } from './api';
import { BigPictureSection } from './big-picture-section';
import { BudgetSection } from './budget-section';
import { ContractSection } from './contract-section';
import { CoverSection, documentTitle, TITLE_ID } from './cover-section';
import { PlanSection } from './plan-section';
import { allItems, numberGroups, selectionItems } from './plan-model';
import { SectionMenu } from './section-menu';
import { visibleSections, type SectionId } from './sections';
import { ShoppingSection } from './shopping-section';
import { SignaturesSection } from './signatures-section';
import { TabBar } from './tab-bar';
import { UpdatedNotice } from './updated-notice';
import { viewerTabs, type ViewerKind } from './tabs';
import { WelcomeSection } from './welcome-section';
import styles from './viewer.module.css';

export interface ViewerProps {
  proposal: Proposal;
  view: ViewerKind;
  /** `print`: every accordion open, no menus, bars or editing hints. */
  mode: 'screen' | 'print';
  user: User | null;
  /** A message handed over by the page that led here. */
  notice?: string | null;
  /** Overlays over the proposal (the signing dialog). */
  children?: ReactNode;
  /**
   * False while the page still waits for something the server rendered with (the session): the
   * server's first screen stays until this render matches it (decision 0040).
   */
  settled?: boolean;
}

// Only invitees read it: it loads apart from the viewer's first load (review 27 finding 11).
const InviteeNote = lazy(() => import('./invitee-notes').then((m) => ({ default: m.InviteeNote })));

/**
 * How many sections the screen renders at first; the rest follow once they have been painted
 * (decision 0033), so the first screen of a long proposal does not wait for its whole plan.
 */
const FIRST_SECTIONS = 2;

/** False until the frame after the first render has been painted (always true when `now`). */
function useAfterFirstPaint(now: boolean): boolean {
  const [painted, setPainted] = useState(now);
  useEffect(() => {
    if (painted) return;
    let timer: number | undefined;
    // A task queued from the frame callback runs after that frame's paint.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}

/** Once every section is there, a link to one of them (`#plan`) scrolls to it. */
function useHashTarget(ready: boolean) {
  useEffect(() => {
    if (!ready || !window.location.hash) return;
    document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView();
  }, [ready]);
}

/** The proposal document, its money in the proposal's currency (decision 0021). */
export function Viewer(props: ViewerProps) {
  return (
    <CurrencyProvider currency={props.proposal.currency}>
      <ViewerDocument {...props} />
    </CurrencyProvider>
  );
}

/** The proposal document (docs/product/viewer.md "Proposal viewer sections") with its menus and action bar. */
function ViewerDocument({
  proposal: p,
  view,
  mode,
  user,
  notice,
  children,
  settled = true,
}: ViewerProps) {
  const [now] = useState(() => Date.now());
  const screen = mode === 'screen';
  const role = p.access.role;
  const isOwner = screen && role === 'owner';
  // There is a homeowner only once the proposal has been sent.
  const knowsHomeowner = user !== null && role !== 'public' && p.events.sent !== null;
  const homeownerQuery = useHomeowner(p._id, knowsHomeowner);
  const homeowner = homeownerQuery.data ?? null;
  // Sent, and the lookup says there is no homeowner now: they were removed.
  const homeownerGone = knowsHomeowner && homeownerQuery.isSuccess && homeownerQuery.data === null;
  const contractorName = p.ownerName.trim() || p.name.trim() || null;

  const sections = visibleSections(p, { placeholders: isOwner, teamBox: isOwner });
  const complete = useAfterFirstPaint(!screen || sections.length <= FIRST_SECTIONS);
  useHashTarget(complete && screen);
  // The same first screen as the server's (decision 0040): it takes that one's place before paint.
  useLayoutEffect(() => {
    if (settled) takeOver();
  }, [settled]);
  const rendered = complete ? sections : sections.slice(0, FIRST_SECTIONS);
  const groups = numberGroups(p.costGroups);
  const selections = selectionItems(groups);
  const selectionsPath = !screen
    ? null
    : view === 'received'
      ? paths.proposalReceivedSelections(p._id)
      : paths.proposalSelections(p._id);
  const homeownerSigned = p.events.signedByHomeowner !== null;
  const updatedAt = screen && view === 'received' ? updatedSinceSent(p.events) : null;

  const render = (id: SectionId): ReactNode => {
    switch (id) {
      case 'cover':
        return <CoverSection key={id} proposal={p} placeholders={isOwner} />;
      case 'welcome':
        return (
          <WelcomeSection
            key={id}
            proposal={p}
            placeholders={isOwner}
            addressee={role === 'homeowner' ? 'me' : (homeowner?.name.trim() ?? null) || null}
            expanded={!screen}
          />
        );
      case 'bigpicture':
        return (
          <BigPictureSection
            key={id}
            proposal={p}
            teamBox={
              isOwner ? <TeamAccess proposalId={p._id} homeownerSigned={homeownerSigned} /> : null
            }
          />
        );
      case 'plan':
        return (
          <PlanSection key={id} groups={groups} selectionsPath={selectionsPath} print={!screen} />
        );
      case 'shoppinglist':
        return (
          <ShoppingSection
            key={id}
            items={selections}
            selectionsPath={selectionsPath}
            invitee={screen && role === 'invitee'}
          />
        );
      case 'budget':
        return <BudgetSection key={id} budget={budgetOf(allItems(p))} />;
      case 'contract':
        return <ContractSection key={id} contract={p.contract} />;
      case 'signatures':
        return (
          <SignaturesSection
            key={id}
            now={now}
            homeowner={{
              image: p.homeownerSignature,
              signedAt: p.events.signedByHomeowner,
              name: homeowner?.name ?? null,
            }}
            contractor={{
              image: p.contractorsSignature,
              signedAt: p.events.signedByContractor,
              name: contractorName,
            }}
          />
        );
    }
  };

  return (
    <div className={styles.viewer} data-mode={mode}>
      <title>{`${documentTitle(p)} · ${PRODUCT_NAME}`}</title>
      {screen && (
        <TabBar
          tabs={viewerTabs({
            proposalId: p._id,
            view,
            role,
            hasSelections: selections.length > 0,
            homeownerSigned,
          })}
        />
      )}
      <div className={`${styles.columns} ${screen ? '' : styles.noMenu}`}>
        {screen && (
          <SectionMenu projectName={p.projectName} sections={sections} signedIn={user !== null} />
        )}
        <div className={styles.main}>
          {notice && (
            <p role="status" className={styles.notice}>
              {notice}
            </p>
          )}
          {!sections.includes('cover') && (
            <h1 id={TITLE_ID} className="visually-hidden">
              {documentTitle(p)}
            </h1>
          )}
          {updatedAt !== null && <UpdatedNotice at={updatedAt} />}
          {screen && role === 'invitee' && (
            <Suspense fallback={null}>
              <InviteeNote contractor={contractorName} />
            </Suspense>
          )}
          {screen && p.activity && <ActivityList events={p.activity} />}
          <article className={styles.document} aria-labelledby={TITLE_ID}>
            {rendered.map(render)}
            {/* Holds the rest's place below the fold, so the footer does not move into view. */}
            {!complete && <div className={styles.pending} aria-busy="true" />}
          </article>
        </div>
      </div>
      {screen && (
        <ActionBar
          proposal={p}
          actions={actionBar({
            role,
            signedIn: user !== null,
            events: p.events,
            homeownerName: homeowner?.name ?? null,
            contractorName,
            contractorWithdrew: contractorWithdrew(p.activity),
            homeownerGone,
          })}
        />
      )}
      {children}
    </div>
  );
}
