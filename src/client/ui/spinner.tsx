import { LoaderCircle } from 'lucide-react';
import styles from './spinner.module.css';

/** A small turning circle beside a busy button's label; the label itself stays the same. */
export function Spinner({ size = 16 }: { size?: number }) {
  return <LoaderCircle className={styles.spinner} size={size} aria-hidden="true" />;
}
