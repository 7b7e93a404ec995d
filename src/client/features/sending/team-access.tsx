import { useRef, useState, type ComponentType } from 'react';
import { UserPlus } from 'lucide-react';
import { FormField } from '../../ui/form-field';
import type { InviteForm as InviteFormType } from './invite-form';
import { MembersList } from './members-list';
import styles from './team-access.module.css';

/** The owner's Team area (docs/product/sending.md): invite people to the proposal and see who has access. */
export function TeamAccess(props: { proposalId: string; homeownerSigned: boolean }) {
  return (
    <div className={styles.box}>
      <LazyInviteForm proposalId={props.proposalId} />
      <MembersList proposalId={props.proposalId} homeownerSigned={props.homeownerSigned} />
    </div>
  );
}

/**
 * The invitation form loads (with react-hook-form and zod) at the first sign of use: a pointer
 * over it, a touch, focus (decision 0033). Until then a stand-in with the same markup holds its
 * place; what was typed into it, and its focus, carry over.
 */
function LazyInviteForm({ proposalId }: { proposalId: string }) {
  const [loaded, setLoaded] = useState<{
    Form: ComponentType<Parameters<typeof InviteFormType>[0]>;
    typed: () => { email: string; focused: boolean };
  } | null>(null);
  const started = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  const load = () => {
    if (started.current) return;
    started.current = true;
    import('./invite-form').then(
      (m) => {
        setLoaded({
          Form: m.InviteForm,
          // Read when the form first renders: the stand-in is still in the page then.
          typed: () => {
            const box = input.current;
            return {
              email: box?.value ?? '',
              focused: box !== null && document.activeElement === box,
            };
          },
        });
      },
      () => {
        // Offline for a moment: the stand-in stays, and the next sign of use tries again.
        started.current = false;
      },
    );
  };
  if (loaded) return <loaded.Form proposalId={proposalId} typed={loaded.typed} />;
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => event.preventDefault()}
      onFocus={load}
      onPointerEnter={load}
      onPointerDown={load}
      onTouchStart={load}
    >
      <FormField
        id="invite-email"
        label="Invite users to this proposal"
        hint="Designers, architects and helpers can view the proposal, shop and comment. They cannot sign or edit it."
      >
        {(control) => (
          <div className={styles.row}>
            <input
              {...control}
              ref={input}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="off"
              placeholder="name@example.com"
              className={styles.input}
            />
            <button type="submit" className="btn btn-primary" disabled>
              <UserPlus size={17} aria-hidden="true" />
              Send invitation
            </button>
          </div>
        )}
      </FormField>
      <div aria-live="polite" />
    </form>
  );
}
