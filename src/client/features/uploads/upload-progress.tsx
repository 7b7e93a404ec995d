import * as Progress from '@radix-ui/react-progress';
import { TriangleAlert, X } from 'lucide-react';
import type { PendingUpload } from './use-uploader';
import styles from './upload-progress.module.css';
import fieldStyles from './uploads.module.css';

interface UploadProgressProps {
  upload: PendingUpload;
  onDismiss: (key: string) => void;
}

/** One file on its way: a progress bar and Cancel, or the reason it failed and Dismiss. */
export function UploadProgress({ upload, onDismiss }: UploadProgressProps) {
  const failed = upload.phase === 'failed';
  const percent = Math.round(upload.progress * 100);
  const status =
    upload.phase === 'preparing' ? 'Preparing…' : failed ? upload.error : `Uploading… ${percent}%`;

  return (
    <li className={`${styles.pending} ${failed ? styles.failed : ''}`}>
      <div className={styles.pendingText}>
        <span className={styles.pendingName} title={upload.name}>
          {failed && <TriangleAlert size={14} aria-hidden="true" />} {upload.name}
        </span>
        <span className={styles.pendingStatus} role={failed ? 'alert' : undefined}>
          {status}
        </span>
        {!failed && (
          <Progress.Root
            className={styles.progress}
            value={upload.phase === 'preparing' ? null : percent}
            aria-label={`Uploading ${upload.name}`}
          >
            <Progress.Indicator
              className={styles.progressBar}
              data-indeterminate={upload.phase === 'preparing' || undefined}
              style={{
                transform: `translateX(-${100 - (upload.phase === 'preparing' ? 35 : percent)}%)`,
              }}
            />
          </Progress.Root>
        )}
      </div>
      <button
        type="button"
        className={fieldStyles.iconButton}
        onClick={() => onDismiss(upload.key)}
        aria-label={failed ? `Dismiss ${upload.name}` : `Cancel upload of ${upload.name}`}
      >
        <X size={16} aria-hidden="true" />
      </button>
    </li>
  );
}
