import styles from './invitee-notes.module.css';
import summary from './summary.module.css';

/*
 * What an invited designer, architect or helper reads where the homeowner reads words meant for
 * them (review 27 finding 11). Loaded only for invitees, so the viewer's first load carries none
 * of it (the owner's and the homeowner's pages never ask for this file).
 */

/** Who invited them and what they may do, in the words of the owner's Team hint. */
export function InviteeNote({ contractor }: { contractor: string | null }) {
  return (
    <p className={styles.invited} data-invitee-note="">
      {contractor ?? 'The contractor'} invited you to this proposal. You can view it, shop and
      comment. You cannot sign or edit it.
    </p>
  );
}

/** The Shopping List's lead: the items are the homeowner's to choose; the invitee suggests. */
export function InviteeShoppingLead() {
  return (
    <p className={summary.lead}>
      These are the items the homeowner chooses: fixtures, finishes and appliances where the product
      is up to them. Each has a budget in the plan. On the selections page you can add product
      options, compare them, Like the ones you recommend and comment. The homeowner&apos;s choice
      stands.
    </p>
  );
}
