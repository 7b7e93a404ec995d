import { useId } from 'react';
import * as Progress from '@radix-ui/react-progress';
import styles from './shop-page.module.css';

/** docs/product/selections.md progress bar: the share of selection items with at least one option, rounded up. */
export function ShopProgress({ percent }: { percent: number }) {
  const labelId = useId();
  return (
    <div className={styles.progress}>
      <div className={styles.progressText}>
        <span id={labelId}>Items with options</span>
        <span className={styles.progressValue}>{percent}%</span>
      </div>
      <Progress.Root
        className={styles.progressBar}
        value={percent}
        max={100}
        aria-labelledby={labelId}
      >
        <Progress.Indicator
          className={styles.progressFill}
          style={{ transform: `translateX(-${100 - percent}%)` }}
        />
      </Progress.Root>
    </div>
  );
}
