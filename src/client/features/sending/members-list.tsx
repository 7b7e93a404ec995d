import { lazy, Suspense, useRef, useState } from 'react';
import { UserMinus } from 'lucide-react';
import type { Member } from '../../../shared/schemas/sending';
import { useMembers, useRemoveMember } from './api';
import styles from './team-access.module.css';
import { errorText } from '../../lib/error-text';

// The confirmation (a Radix alert dialog) loads when first asked for (decision 0037): the owner's
// viewer shows this list on its first screen.
const RemoveMemberDialog = lazy(() =>
  import('./remove-member-dialog').then((m) => ({ default: m.RemoveMemberDialog })),
);

const ROLE_LABEL: Record<Member['role'], string> = { homeowner: 'Homeowner', invitee: 'Invited' };
const REMOVE_FAILED = 'We could not remove this person. Please try again.';

export const memberLabel = (m: Member) => m.name.trim() || m.email;

/**
 * Who has access besides the owner (the homeowner first), each removable by the owner; except a
 * homeowner who has signed, who keeps access to what they signed.
 */
export function MembersList(props: { proposalId: string; homeownerSigned: boolean }) {
  const { proposalId, homeownerSigned } = props;
  const members = useMembers(proposalId, true);
  const remove = useRemoveMember(proposalId);
  const [confirming, setConfirming] = useState<Member | null>(null);
  const [asked, setAsked] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // The Remove button that opened the question goes with the person it removed.
  const removed = useRef(false);

  if (members.isPending) return <p className={styles.hint}>Loading the people on this proposal…</p>;
  if (members.isError) {
    return <p className={styles.hint}>The list of people on this proposal could not be loaded.</p>;
  }

  const error = remove.error
    ? errorText(remove.error, REMOVE_FAILED, { serverFaults: 'hide' })
    : null;

  return (
    <div className={styles.members}>
      <h4 ref={heading} tabIndex={-1} className={styles.membersTitle}>
        People with access
      </h4>
      {members.data.length === 0 ? (
        <p className={styles.hint}>Nobody else has access yet.</p>
      ) : (
        <ul className={styles.memberList}>
          {members.data.map((member) => (
            <li key={member.userId} className={styles.member}>
              <span className={styles.memberText}>
                <span className={styles.memberName}>{memberLabel(member)}</span>
                {member.name.trim() && <span className={styles.memberEmail}>{member.email}</span>}
              </span>
              <span className={styles.badge}>{ROLE_LABEL[member.role]}</span>
              {!(member.role === 'homeowner' && homeownerSigned) && (
                <button
                  type="button"
                  className={`btn btn-secondary btn-sm ${styles.remove}`}
                  aria-label={`Remove ${memberLabel(member)}`}
                  onClick={() => {
                    remove.reset();
                    setAsked(true);
                    setConfirming(member);
                  }}
                >
                  <UserMinus size={15} aria-hidden="true" />
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {error && !confirming && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {asked && (
        <Suspense fallback={null}>
          <RemoveMemberDialog
            member={confirming}
            pending={remove.isPending}
            onCancel={() => setConfirming(null)}
            onConfirm={(member) =>
              remove.mutate(member.userId, {
                onSuccess: () => (removed.current = true),
                onSettled: () => setConfirming(null),
              })
            }
            // Focus goes to the list's heading rather than to the top of the page.
            onCloseAutoFocus={(event) => {
              if (!removed.current) return;
              removed.current = false;
              event.preventDefault();
              heading.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
