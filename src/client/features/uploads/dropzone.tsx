import { useState, type DragEvent, type Ref } from 'react';
import { Upload } from 'lucide-react';
import { acceptAttribute, type UploadAccept } from './upload-rules';
import styles from './uploads.module.css';

interface DropzoneProps {
  inputId: string;
  inputRef?: Ref<HTMLInputElement>;
  labelId: string;
  describedBy: string;
  accept: UploadAccept;
  multiple: boolean;
  compact?: boolean;
  onFiles: (files: File[]) => void;
}

/**
 * A native file input (named by the field's label, so it works with every assistive technology
 * and with `setInputFiles`) behind a drop area that also takes files dragged onto it.
 */
export function Dropzone(props: DropzoneProps) {
  const { inputId, inputRef, labelId, describedBy, accept, multiple, compact, onFiles } = props;
  const [over, setOver] = useState(false);

  const handleDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const files = Array.from(event.dataTransfer.files);
    onFiles(multiple ? files : files.slice(0, 1));
  };

  const what = accept === 'image' ? 'JPG, PNG or GIF' : 'Photos (JPG, PNG, GIF) or PDF, DOC, DOCX';

  return (
    <div
      className={`${styles.dropzone} ${compact ? styles.compact : ''}`}
      data-over={over || undefined}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={handleDrop}
    >
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        className="visually-hidden"
        accept={acceptAttribute(accept)}
        multiple={multiple}
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <label htmlFor={inputId} className={styles.dropLabel}>
        <Upload size={20} aria-hidden="true" />
        <span>
          <span className={styles.dropAction}>{multiple ? 'Choose files' : 'Choose an image'}</span>{' '}
          or drag {multiple ? 'them' : 'it'} here
        </span>
        <span className={styles.dropHint}>{what}, up to 15 MB</span>
      </label>
    </div>
  );
}
