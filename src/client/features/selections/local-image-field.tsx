import { useRef, useState } from 'react';
import type { FileRef } from '../../../shared/schemas/proposal';
import { Dropzone } from '../uploads/dropzone';
import { FileTile } from '../uploads/file-tile';
import { UploadField } from '../uploads/upload-field';
import { checkFile } from '../uploads/upload-rules';
import { LOCAL_IMAGE_ID } from './product-form-model';
import uploadStyles from '../uploads/uploads.module.css';

interface LocalImageFieldProps {
  label: string;
  value: FileRef | null;
  /** An object URL of the chosen file in `url`; the caller revokes the ones it lets go. */
  onChange: (value: FileRef | null) => void;
  hint?: string;
}

/**
 * The product photo for a visitor whose changes are not saved: the chosen file is shown from the
 * browser's memory (an object URL, which the page's CSP allows) and never sent to the server.
 */
export function LocalImageField({ label, value, onChange, hint }: LocalImageFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState('');

  const choose = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    const check = checkFile(file, 'image');
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setError('');
    onChange({
      id: LOCAL_IMAGE_ID,
      url: URL.createObjectURL(file),
      originalName: file.name,
      contentType: file.type || 'image/*',
      size: file.size,
    });
  };

  return (
    <UploadField label={label} hint={hint} error={error}>
      {(labels) => (
        <>
          {value && (
            <ul className={uploadStyles.files} aria-label="Chosen image">
              <FileTile
                file={value}
                removing={false}
                onRemove={() => {
                  onChange(null);
                  inputRef.current?.focus();
                }}
              />
            </ul>
          )}
          <Dropzone
            {...labels}
            inputRef={inputRef}
            accept="image"
            multiple={false}
            compact={Boolean(value)}
            onFiles={choose}
          />
        </>
      )}
    </UploadField>
  );
}
