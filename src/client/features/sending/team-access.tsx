import { InviteForm } from './invite-form';
import { MembersList } from './members-list';
import styles from './team-access.module.css';

/** The owner's Team area (docs/product/sending.md): invite people to the proposal and see who has access. */
export function TeamAccess(props: { proposalId: string; homeownerSigned: boolean }) {
  return (
    <div className={styles.box}>
      <InviteForm proposalId={props.proposalId} />
      <MembersList proposalId={props.proposalId} homeownerSigned={props.homeownerSigned} />
    </div>
  );
}
