import * as RadixAccordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import styles from './accordion.module.css';

/** The list of sections (Radix Accordion.Root): `type="single" collapsible` or `type="multiple"`. */
export const Accordion = RadixAccordion.Root;

export interface AccordionItemProps {
  value: string;
  /** What the trigger button shows, before its chevron (its accessible name). */
  title: ReactNode;
  /** The heading level the trigger sits in, to fit the page's outline. */
  headingLevel?: 2 | 3 | 4;
  /** The feature's classes for what differs: item, heading, trigger, chevron, content. */
  classNames?: Partial<Record<'item' | 'header' | 'trigger' | 'chevron' | 'content', string>>;
  chevronSize?: number;
  children: ReactNode;
}

/**
 * One section of an Accordion: a heading holding a button (aria-expanded, Enter and Space toggle,
 * arrow keys move between sections) with a chevron that turns when open, and its content.
 */
export function AccordionItem(props: AccordionItemProps) {
  const { classNames = {}, headingLevel = 3 } = props;
  const Heading = `h${headingLevel}` as const;
  const join = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');
  return (
    <RadixAccordion.Item value={props.value} className={classNames.item}>
      <RadixAccordion.Header asChild>
        <Heading className={classNames.header}>
          <RadixAccordion.Trigger className={join(styles.trigger, classNames.trigger)}>
            {props.title}
            <ChevronDown
              size={props.chevronSize ?? 20}
              aria-hidden="true"
              className={join(styles.chevron, classNames.chevron)}
            />
          </RadixAccordion.Trigger>
        </Heading>
      </RadixAccordion.Header>
      <RadixAccordion.Content className={classNames.content}>
        {props.children}
      </RadixAccordion.Content>
    </RadixAccordion.Item>
  );
}
