import { FileText } from 'lucide-react';
import type { FileRef } from '../../../shared/schemas/proposal';
import styles from './files.module.css';

const isImage = (file: FileRef) => file.contentType.startsWith('image/');

/**
 * Photos (at most 260 px high, docs/product/constants.md) and documents as chips that open in a new tab. `label` names
 * what they show, for the photos' alt text ('Current condition, photo 1 of 3').
 */
export function Files({ files, label }: { files: readonly FileRef[]; label: string }) {
  const photos = files.filter(isImage);
  const documents = files.filter((file) => !isImage(file));
  return (
    <div className={styles.files}>
      {photos.length > 0 && (
        <ul className={styles.photos}>
          {photos.map((file, index) => (
            <li key={file.id}>
              <a href={file.url} target="_blank" rel="noreferrer" className={styles.photoLink}>
                <img
                  src={file.url}
                  alt={`${label}, photo ${index + 1} of ${photos.length}`}
                  loading="lazy"
                  className={styles.photo}
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {documents.length > 0 && (
        <ul className={styles.documents}>
          {documents.map((file) => (
            <li key={file.id}>
              <a href={file.url} target="_blank" rel="noreferrer" className={styles.chip}>
                <FileText size={16} aria-hidden="true" />
                <span className={styles.chipName}>{file.originalName || 'Document'}</span>
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
