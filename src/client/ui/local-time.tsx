import { useSyncExternalStore } from 'react';
import styles from './local-time.module.css';

const subscribe = () => () => {};

/**
 * A moment written in the reader's own time zone. The server renders the viewer's first screen
 * (decision 0040) without knowing that zone, so there the text keeps its place but stays unseen
 * until the app takes over and writes it for the reader: never another zone's day or hour.
 */
export function LocalTime({
  ms,
  format,
  className,
}: {
  ms: number;
  format: (ms: number) => string;
  className?: string | undefined;
}) {
  const inBrowser = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  const classes = [className, inBrowser ? undefined : styles.unplaced].filter(Boolean).join(' ');
  return (
    <time dateTime={new Date(ms).toISOString()} className={classes || undefined}>
      {format(ms)}
    </time>
  );
}
