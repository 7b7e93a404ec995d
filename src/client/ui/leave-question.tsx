import type { Blocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

/**
 * The question a leave guard (lib/use-leave-guard.ts) asks while it holds a navigation: Discard
 * goes on, the other button stays.
 */
export function LeaveQuestion(props: {
  blocker: Blocker;
  title: string;
  description: string;
  cancelLabel: string;
}) {
  const { blocker } = props;
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={props.title}
      description={props.description}
      cancelLabel={props.cancelLabel}
      confirmLabel="Discard"
      onCancel={() => blocker.reset?.()}
      // Confirm goes on without Radix closing the dialog first (which reads as Cancel).
      pending={false}
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
