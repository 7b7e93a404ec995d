import { useId, useState, type ComponentProps, type KeyboardEvent, type Ref } from 'react';
import styles from './suggest-input.module.css';

type InputProps = Omit<
  ComponentProps<'input'>,
  'value' | 'onChange' | 'role' | 'ref' | 'aria-expanded' | 'aria-controls'
>;

interface SuggestInputProps extends InputProps {
  value: string;
  onValueChange: (value: string) => void;
  /** Names matching what is typed, best first (the caller filters). */
  suggestions: readonly string[];
  inputRef?: Ref<HTMLInputElement>;
  listLabel: string;
  wrapperClassName?: string;
}

/**
 * A text input with a list of suggestions (the ARIA 1.2 combobox pattern): typing or Down opens
 * the list, Up/Down move through it, Enter picks, Escape closes. Anything may still be typed.
 */
export function SuggestInput({
  value,
  onValueChange,
  suggestions,
  inputRef,
  listLabel,
  wrapperClassName,
  className,
  onKeyDown,
  onBlur,
  ...input
}: SuggestInputProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const options = suggestions.filter((s) => s.toLowerCase() !== value.trim().toLowerCase());
  const expanded = open && options.length > 0;
  const activeIndex = active < options.length ? active : -1;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const pick = (name: string) => {
    onValueChange(name);
    setOpen(false);
    setActive(-1);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        setActive((i) => (options.length === 0 ? -1 : (i + 1) % options.length));
        break;
      case 'ArrowUp':
        if (!expanded) return;
        event.preventDefault();
        setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
        break;
      case 'Enter': {
        // Ctrl/⌘+Enter is the wizard's save, whatever the list shows.
        if (event.ctrlKey || event.metaKey) break;
        const chosen = expanded && activeIndex >= 0 ? options[activeIndex] : undefined;
        if (chosen !== undefined) {
          event.preventDefault();
          pick(chosen);
        }
        break;
      }
      case 'Escape':
        if (!expanded) return;
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setActive(-1);
        break;
      default:
        break;
    }
  };

  return (
    <div className={`${styles.wrap} ${wrapperClassName ?? ''}`}>
      <input
        {...input}
        ref={inputRef}
        className={className}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        value={value}
        onChange={(event) => {
          onValueChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={handleKeyDown}
        onClick={() => setOpen(true)}
        onBlur={(event) => {
          setOpen(false);
          setActive(-1);
          onBlur?.(event);
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={listLabel}
        className={styles.list}
        hidden={!expanded}
      >
        {expanded &&
          options.map((name, index) => (
            <li
              key={name}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={styles.option}
              // Keep focus in the input while a suggestion is clicked.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(name)}
            >
              {name}
            </li>
          ))}
      </ul>
    </div>
  );
}
