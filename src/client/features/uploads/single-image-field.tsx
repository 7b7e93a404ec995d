import { useCallback, useRef } from 'react';
import type { FileField, FileRef } from '../../../shared/schemas/proposal';
import { Dropzone } from './dropzone';
import { FileTile } from './file-tile';
import { UploadField } from './upload-field';
import { UploadProgress } from './upload-progress';
import { useRemoveFile } from './use-remove-file';
import { useUploader } from './use-uploader';
import styles from './uploads.module.css';

interface SingleImageFieldProps {
  label: string;
  field: FileField;
  value: FileRef | null;
  onChange: (value: FileRef | null) => void;
  hint?: string;
}

/** One image (company logo, personal photo): choosing another replaces it. */
export function SingleImageField({ label, field, value, onChange, hint }: SingleImageFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { pending, addFiles, dismiss } = useUploader({
    field,
    accept: 'image',
    onUploaded: onChange,
  });
  const onRemoved = useCallback(() => {
    onChange(null);
    inputRef.current?.focus();
  }, [onChange]);
  const { remove, removing, error } = useRemoveFile(onRemoved);

  return (
    <UploadField label={label} hint={hint} error={error}>
      {(labels) => (
        <>
          {(value || pending.length > 0) && (
            <ul className={`${styles.files} ${styles.single}`} aria-label="Uploaded image">
              {value && (
                <FileTile
                  file={value}
                  removing={removing.has(value.id)}
                  onRemove={(file) => void remove(file)}
                />
              )}
              {pending.map((upload) => (
                <UploadProgress key={upload.key} upload={upload} onDismiss={dismiss} />
              ))}
            </ul>
          )}
          <Dropzone
            {...labels}
            inputRef={inputRef}
            accept="image"
            multiple={false}
            compact={Boolean(value)}
            onFiles={(files) => addFiles(files.slice(0, 1))}
          />
        </>
      )}
    </UploadField>
  );
}
