import type { ReactNode } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import * as Tooltip from '@radix-ui/react-tooltip';
import { SIGN_BLOCKED_REASON, type BarAction } from './action-bar-model';
import { iconOf, isFact, SendProposalLabel } from './action-bar-parts';
import styles from './action-bar.module.css';

/*
 * The action bar's tooltip, menu and alert (Radix), loaded at the first sign of use of the bar
 * (decision 0037); action-bar.tsx shows the same buttons until then.
 */

export { NoticeDialog } from '../../ui/notice-dialog';

/** The blocked action's reason in a tooltip, shown on focus and hover; a click opens the spec's alert. */
export function BlockedReason({ children }: { children: ReactNode }) {
  return (
    <Tooltip.Provider delayDuration={150}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
        {/* Inside the bar, not in a portal, so it stays within the 'Proposal actions' region. */}
        <Tooltip.Content className={styles.tooltip} side="top" sideOffset={8} collisionPadding={8}>
          {SIGN_BLOCKED_REASON}
          <Tooltip.Arrow className={styles.arrow} />
        </Tooltip.Content>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}

/** The phone's 'More' menu: the facts left out of the row as text, then PDF and Send Proposal. */
export function MoreMenu(props: {
  actions: BarAction[];
  onRun: (a: BarAction) => void;
  trigger: ReactNode;
}) {
  const { actions, onRun } = props;
  return (
    // Not modal, and rendered inside the bar: the page stays readable to assistive technology
    // (no aria-hidden around it) and the menu stays within the 'Proposal actions' region.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>{props.trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Content className={styles.menu} side="top" align="end" sideOffset={6}>
        {actions.filter(isFact).map((action) => (
          <DropdownMenu.Label key={action.id} className={styles.menuFact}>
            {iconOf(action)}
            {action.label}
          </DropdownMenu.Label>
        ))}
        {actions
          .filter((action) => !isFact(action))
          .map((action) => (
            <DropdownMenu.Item
              key={action.id}
              className={styles.menuItem}
              onSelect={() => onRun(action)}
            >
              {iconOf(action)}
              {action.id === 'send-proposal' ? (
                <SendProposalLabel label={action.label} />
              ) : (
                action.label
              )}
            </DropdownMenu.Item>
          ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
