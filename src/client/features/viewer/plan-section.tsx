import { AccordionOnUse } from '../../ui/accordion-on-use';
import { useState } from 'react';
import { ChevronsDownUp, ChevronsUpDown } from 'lucide-react';
import { PlanGroup } from './plan-group';
import { presetHelpTexts } from './preset-help';
import type { NumberedGroup } from './plan-model';
import { Section } from './section';
import styles from './plan.module.css';

interface PlanSectionProps {
  groups: NumberedGroup[];
  /** Where an item's 'Selected' link leads: the selections page of this view. */
  selectionsPath: string | null;
  /** Print: every group open, no toggle. */
  print: boolean;
}

/** Plan (docs/product/viewer.md): an accordion per cost group with its subtotal, and 'Expand All' / 'Collapse All'. */
export function PlanSection({ groups, selectionsPath, print }: PlanSectionProps) {
  const all = groups.map((group) => group.id);
  const [open, setOpen] = useState<string[]>([]);
  const value = print ? all : open;
  const allOpen = value.length === all.length;

  return (
    <Section
      id="plan"
      title="Plan"
      aside={
        print ? null : (
          <button
            type="button"
            className={`btn btn-secondary btn-sm ${styles.toggle}`}
            onClick={() => setOpen(allOpen ? [] : all)}
          >
            {allOpen ? (
              <ChevronsDownUp size={16} aria-hidden="true" />
            ) : (
              <ChevronsUpDown size={16} aria-hidden="true" />
            )}
            {allOpen ? 'Collapse All' : 'Expand All'}
          </button>
        )
      }
    >
      <AccordionOnUse
        value={value}
        onValueChange={print ? undefined : setOpen}
        className={styles.groups}
        onFirstUse={() => void presetHelpTexts.load().catch(() => undefined)}
      >
        {groups.map((group) => (
          <PlanGroup key={group.id} group={group} selectionsPath={selectionsPath} />
        ))}
      </AccordionOnUse>
    </Section>
  );
}
