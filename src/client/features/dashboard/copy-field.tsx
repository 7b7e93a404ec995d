import { Copy } from 'lucide-react';
import { useRef, useState } from 'react';
import { writeClipboard } from '../../lib/clipboard';
import { FormField } from '../../ui/form-field';
import styles from './dialog.module.css';

const COPIED = 'Copied to clipboard.';
const COPY_BY_HAND = 'The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.';

/** A read-only, selectable link with a 'Copy' button; without clipboard access it selects the text. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState('');

  const copy = async () => {
    input.current?.select();
    setStatus((await writeClipboard(value)) ? COPIED : COPY_BY_HAND);
  };

  return (
    <FormField label={label} className={styles.copyField}>
      {(control) => (
        <>
          <div className={styles.copyRow}>
            <input
              {...control}
              ref={input}
              className={styles.copyInput}
              value={value}
              readOnly
              autoFocus
              onFocus={(event) => event.currentTarget.select()}
            />
            <button type="button" className="btn btn-secondary" onClick={() => void copy()}>
              <Copy size={16} aria-hidden="true" />
              Copy
            </button>
          </div>
          <p role="status" className={styles.copyStatus}>
            {status}
          </p>
        </>
      )}
    </FormField>
  );
}
