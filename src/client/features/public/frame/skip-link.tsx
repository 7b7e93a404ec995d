import type { MouseEvent } from 'react';
import styles from './frame.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** The first thing a keyboard user reaches: jumps past the header to the page's content. */
export function SkipLink() {
  // Focus is moved by hand instead of following the #hash: a hash change would count as a
  // navigation for the router and land in the browser history.
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={styles.skipLink} onClick={onClick}>
      Skip to main content
    </a>
  );
}
