import { useCallback, useState } from 'react';
import type { FileRef } from '../../../shared/schemas/proposal';
import { removeFile } from '../proposals/upload';
import { forgetPreview } from './preview-cache';
import { useSavedFiles } from './upload-activity';
import { errorText } from '../../lib/error-text';

const REMOVE_FAILED = 'The file could not be removed. Please try again.';

/**
 * Removing a file: one uploaded since the proposal was last saved is deleted on the server first
 * (then dropped from the form); one the saved proposal holds is only dropped from the form, so
 * Cancel still leaves the saved proposal whole.
 */
export function useRemoveFile(onRemoved: (id: string) => void) {
  const saved = useSavedFiles();
  const [removing, setRemoving] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | undefined>();

  const remove = useCallback(
    async (file: FileRef) => {
      setError(undefined);
      if (saved.has(file.id)) {
        onRemoved(file.id);
        return;
      }
      setRemoving((set) => new Set(set).add(file.id));
      try {
        await removeFile(file.id);
        forgetPreview(file.id);
        onRemoved(file.id);
      } catch (err) {
        setError(errorText(err, REMOVE_FAILED));
      } finally {
        setRemoving((set) => {
          const next = new Set(set);
          next.delete(file.id);
          return next;
        });
      }
    },
    [onRemoved, saved],
  );

  return { remove, removing, error };
}
