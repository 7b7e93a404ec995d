import {
  createContext,
  useContext,
  useId,
  useRef,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { ChevronDown } from 'lucide-react';
import type { AccordionItemProps } from './accordion';
import { keyDown, onFirstUse, useOnFirstUse } from './on-first-use';
import styles from './accordion.module.css';

/*
 * The accordion of accordion.tsx (Radix), loaded at the first sign of use (on-first-use.ts,
 * decision 0037): until then its items render what Radix renders, closed or open, and a click,
 * Enter or Space toggles them as Radix would; the arrow keys, Home and End move between triggers
 * once it has loaded (a press made before is made again then). For a page whose first screen
 * should not wait for it, such as the viewer's plan.
 */

const radix = onFirstUse(() => import('./accordion'));

const Loaded = createContext<typeof import('./accordion') | null>(null);
const StandIn = createContext<{ value: string[]; toggle: (value: string) => void } | null>(null);

/** Radix moves focus between triggers on these. */
const MOVE_KEYS = ['ArrowDown', 'ArrowUp', 'Home', 'End'];

/** Radix's own style on every item's content. */
const CONTENT_STYLE = {
  '--radix-accordion-content-height': 'var(--radix-collapsible-content-height)',
  '--radix-accordion-content-width': 'var(--radix-collapsible-content-width)',
} as CSSProperties;

/** Accordion.Root of `type="multiple"`, controlled. */
export function AccordionOnUse(props: {
  value: string[];
  onValueChange?: (value: string[]) => void;
  className?: string;
  /** Called with the first sign of use too: what else the items will need can start loading. */
  onFirstUse?: () => void;
  children: ReactNode;
}) {
  const { value, onValueChange, className, children } = props;
  const root = useRef<HTMLDivElement>(null);
  // Its triggers toggle on click: a press under way when Radix arrives finishes on the stand-in.
  const {
    loaded,
    start: startRadix,
    replay,
  } = useOnFirstUse(radix, root, {
    holdWhilePressed: true,
  });
  const start = () => {
    props.onFirstUse?.();
    startRadix();
  };
  if (loaded) {
    return (
      <Loaded.Provider value={loaded}>
        <loaded.Accordion
          ref={root}
          type="multiple"
          value={value}
          onValueChange={onValueChange}
          className={className}
        >
          {children}
        </loaded.Accordion>
      </Loaded.Provider>
    );
  }
  const toggle = (item: string) =>
    onValueChange?.(value.includes(item) ? value.filter((v) => v !== item) : [...value, item]);
  return (
    <div
      ref={root}
      className={className}
      data-orientation="vertical"
      onPointerEnter={start}
      onPointerDown={start}
      onTouchStart={start}
      onFocus={start}
      onKeyDown={(event) => {
        if (!MOVE_KEYS.includes(event.key) || !(event.target instanceof HTMLButtonElement)) return;
        event.preventDefault();
        replay({ currentTarget: event.target }, keyDown(event.key));
      }}
    >
      <StandIn.Provider value={{ value, toggle }}>{children}</StandIn.Provider>
    </div>
  );
}

/** AccordionItem of accordion.tsx, inside an AccordionOnUse. */
export function AccordionItemOnUse(props: AccordionItemProps) {
  const loaded = useContext(Loaded);
  const standIn = useContext(StandIn);
  const id = useId();
  if (!standIn) return loaded ? <loaded.AccordionItem {...props} /> : null;

  const { classNames = {}, headingLevel = 3 } = props;
  const Heading = `h${headingLevel}` as const;
  const join = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');
  const open = standIn.value.includes(props.value);
  const state = open ? 'open' : 'closed';
  const triggerId = `${id}-trigger`;
  const contentId = `${id}-content`;
  return (
    <div data-state={state} data-orientation="vertical" className={classNames.item}>
      <Heading className={classNames.header} data-orientation="vertical" data-state={state}>
        <button
          type="button"
          aria-controls={open ? contentId : undefined}
          aria-expanded={open}
          data-state={state}
          data-orientation="vertical"
          id={triggerId}
          className={join(styles.trigger, classNames.trigger)}
          data-radix-collection-item=""
          onClick={() => standIn.toggle(props.value)}
        >
          {props.title}
          <ChevronDown
            size={props.chevronSize ?? 20}
            aria-hidden="true"
            className={join(styles.chevron, classNames.chevron)}
          />
        </button>
      </Heading>
      <div
        data-state={state}
        id={contentId}
        hidden={!open}
        role="region"
        aria-labelledby={triggerId}
        data-orientation="vertical"
        className={classNames.content}
        style={CONTENT_STYLE}
      >
        {open && props.children}
      </div>
    </div>
  );
}
