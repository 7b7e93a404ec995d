import type { ReactNode } from 'react';
import type { Proposal } from '../../../shared/schemas/proposal';
import { Files } from './files';
import { Paragraphs, Section } from './section';
import viewer from './viewer.module.css';

/**
 * Big Picture (docs/product/viewer.md): 'Goal' (the project scope), 'Team' (the team description, and for the owner on
 * screen the invitation box and members), 'Current Condition' (photos and documents).
 */
export function BigPictureSection(props: { proposal: Proposal; teamBox: ReactNode }) {
  const { projectScope, teamDescription, currentCondition } = props.proposal;
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
