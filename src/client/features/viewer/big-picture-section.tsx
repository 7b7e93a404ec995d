import type { ReactNode } from 'react';
import type { Proposal } from '../../../shared/schemas/proposal';
import { Files } from './files';
import { Paragraphs, Section } from './section';
import viewer from './viewer.module.css';

const HIDDEN_NOTE =
  'Hidden from your readers. Only you see this section, to invite people and manage who has access.';

/**
 * Big Picture (docs/product/viewer.md): 'Goal' (the project scope), 'Team' (the team description, and for the owner on
 * screen the invitation box and members), 'Current Condition' (photos and documents).
 */
export function BigPictureSection(props: { proposal: Proposal; teamBox: ReactNode }) {
  const { projectScope, teamDescription, currentCondition } = props.proposal;
  if (!props.proposal.sectionVisibility.bigpicture) {
    // Only the owner gets here: the section is hidden from readers, but not their own tools.
    return (
      <Section id="bigpicture" title="Big Picture">
        <p className={viewer.placeholder}>{HIDDEN_NOTE}</p>
        <h3 className={viewer.subTitle}>Team</h3>
        {props.teamBox}
      </Section>
    );
  }
  return (
    <Section id="bigpicture" title="Big Picture">
      {projectScope.trim() && (
        <>
          <h3 className={viewer.subTitle}>Goal</h3>
          <Paragraphs text={projectScope} />
        </>
      )}
      {(teamDescription.trim() || props.teamBox) && (
        <>
          <h3 className={viewer.subTitle}>Team</h3>
          <Paragraphs text={teamDescription} />
          {props.teamBox}
        </>
      )}
      {currentCondition.length > 0 && (
        <>
          <h3 className={viewer.subTitle}>Current Condition</h3>
          <Files files={currentCondition} label="Current condition" />
        </>
      )}
    </Section>
  );
}
