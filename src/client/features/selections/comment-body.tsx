import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { commentView, isLink, type CommentPart } from './comment-text';
import styles from './comments.module.css';

/**
 * One comment's text, or an item's note: line breaks kept, http(s) addresses as links that open in a new tab, and a
 * long comment folded behind 'Show more'. Built from React text and elements, never from HTML.
 */
export function CommentBody({ content }: { content: string }) {
  const id = useId();
  const view = useMemo(() => commentView(content), [content]);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const folded = view.preview !== null && !open;
  const closed = useRef(false);

  // 'Show less' shortens the comment above the button: keep the button (and its focus) in view.
  useLayoutEffect(() => {
    if (!closed.current) return;
    closed.current = false;
    button.current?.scrollIntoView({ block: 'nearest' });
  }, [open]);

  if (view.preview === null) return <p className={styles.content}>{partsOf(view.parts)}</p>;
  return (
    <>
      <p id={id} className={styles.content}>
        {partsOf(folded ? view.preview : view.parts)}
        {folded && '…'}
      </p>
      {/* One button that stays in place, so the focus stays on it both ways. */}
      <button
        ref={button}
        type="button"
        className={`link-button ${styles.more}`}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          closed.current = open;
          setOpen(!open);
        }}
      >
        {open ? 'Show less' : 'Show more'}
      </button>
    </>
  );
}

function partsOf(parts: CommentPart[]) {
  return parts.map((part, index) =>
    isLink(part) ? (
      <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
        {part.text}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    ) : (
      part.text
    ),
  );
}
