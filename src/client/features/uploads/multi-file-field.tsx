import { useCallback, useLayoutEffect, useRef } from 'react';
import type { FileField, FileRef } from '../../../shared/schemas/proposal';
import { Dropzone } from './dropzone';
import { FileTile } from './file-tile';
import { UploadField } from './upload-field';
import { UploadProgress } from './upload-progress';
import { useRemoveFile } from './use-remove-file';
import { useUploader } from './use-uploader';
import styles from './uploads.module.css';

interface MultiFileFieldProps {
  label: string;
  field: FileField;
  value: readonly FileRef[];
  onChange: (value: FileRef[]) => void;
  hint?: string;
  /** Read out after the label, not shown: 'for Demolition'. */
  labelSuffix?: string;
}

/** Several photos and documents (big picture, cost group files), each uploaded on its own. */
export function MultiFileField(props: MultiFileFieldProps) {
  const { label, field, value, onChange, hint, labelSuffix } = props;
  const inputRef = useRef<HTMLInputElement>(null);
  // Uploads finish one after another between renders: each change starts from the latest list.
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  }, [value]);

  const change = useCallback(
    (next: FileRef[]) => {
      latest.current = next;
      onChange(next);
    },
    [onChange],
  );
  const onUploaded = useCallback((file: FileRef) => change([...latest.current, file]), [change]);
  const onRemoved = useCallback(
    (id: string) => {
      change(latest.current.filter((f) => f.id !== id));
      inputRef.current?.focus();
    },
    [change],
  );
  const { pending, addFiles, dismiss } = useUploader({ field, accept: 'document', onUploaded });
  const { remove, removing, error } = useRemoveFile(onRemoved);

  return (
    <UploadField label={label} labelSuffix={labelSuffix} hint={hint} error={error}>
      {(labels) => (
        <>
          {(value.length > 0 || pending.length > 0) && (
            <ul className={styles.files} aria-label="Uploaded files">
              {value.map((file) => (
                <FileTile
                  key={file.id}
                  file={file}
                  removing={removing.has(file.id)}
                  onRemove={(f) => void remove(f)}
                />
              ))}
              {pending.map((upload) => (
                <UploadProgress key={upload.key} upload={upload} onDismiss={dismiss} />
              ))}
            </ul>
          )}
          <Dropzone
            {...labels}
            inputRef={inputRef}
            accept="document"
            multiple
            compact={value.length > 0}
            onFiles={addFiles}
          />
        </>
      )}
    </UploadField>
  );
}
