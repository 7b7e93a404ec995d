import { useState } from 'react';
import { FileText, LoaderCircle, X } from 'lucide-react';
import type { FileRef } from '../../../shared/schemas/proposal';
import { previewFor } from './preview-cache';
import { formatFileSize, isImageFile } from './upload-rules';
import styles from './uploads.module.css';

interface FileTileProps {
  file: FileRef;
  removing: boolean;
  onRemove: (file: FileRef) => void;
}

/** A stored file: a thumbnail for an image (alt = its original name), a chip for a document. */
export function FileTile({ file, removing, onRemove }: FileTileProps) {
  const [broken, setBroken] = useState(false);
  const showImage = isImageFile(file) && !broken;
  const src = previewFor(file.id) ?? file.url;

  return (
    <li className={showImage ? styles.thumb : styles.chip}>
      {showImage ? (
        <img src={src} alt={file.originalName} loading="lazy" onError={() => setBroken(true)} />
      ) : (
        <a className={styles.chipLink} href={file.url} target="_blank" rel="noreferrer">
          <FileText size={18} aria-hidden="true" />
          <span className={styles.chipName}>{file.originalName}</span>
          {file.size > 0 && <span className={styles.chipSize}>{formatFileSize(file.size)}</span>}
        </a>
      )}
      <button
        type="button"
        className={`${styles.iconButton} ${showImage ? styles.thumbRemove : ''}`}
        onClick={() => onRemove(file)}
        disabled={removing}
        aria-label={`Remove ${file.originalName}`}
      >
        {removing ? (
          <LoaderCircle size={16} className={styles.spin} aria-hidden="true" />
        ) : (
          <X size={16} aria-hidden="true" />
        )}
      </button>
    </li>
  );
}
