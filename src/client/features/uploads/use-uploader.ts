import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FileField } from '../../../shared/schemas/proposal';
import { uploadFile, type UploadedFile } from '../proposals/upload';
import { prepareForUpload } from './compress';
import { rememberPreview } from './preview-cache';
import { useUploadActivity } from './upload-activity';
import { checkFile, shouldCompress, type UploadAccept } from './upload-rules';
import { errorText } from '../../lib/error-text';

export interface PendingUpload {
  key: string;
  name: string;
  /** 0..1 */
  progress: number;
  phase: 'preparing' | 'uploading' | 'failed';
  error?: string;
}

interface UploaderOptions {
  field: FileField;
  accept: UploadAccept;
  onUploaded: (file: UploadedFile) => void;
}

let nextKey = 0;
const UPLOAD_FAILED = 'The upload failed. Please try again.';

/**
 * Checks, compresses and uploads chosen files one by one, with progress per file. A file over
 * 15 MB (the docs/product/uploads.md alert text) or of a wrong type is not uploaded and shows as an error in the list,
 * in the app's own style; the next choice of files clears those refusals.
 */
export function useUploader({ field, accept, onUploaded }: UploaderOptions) {
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const onUploadedRef = useRef(onUploaded);
  const activity = useUploadActivity();

  useLayoutEffect(() => {
    onUploadedRef.current = onUploaded;
  }, [onUploaded]);

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const patch = useCallback((key: string, change: Partial<PendingUpload>) => {
    setPending((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));
  }, []);

  const run = useCallback(
    async (key: string, file: File) => {
      const controller = new AbortController();
      controllers.current.set(key, controller);
      const end = activity.begin();
      try {
        const body = await prepareForUpload(file);
        if (controller.signal.aborted) return;
        patch(key, { phase: 'uploading' });
        const uploaded = await uploadFile(body, field, file.name, {
          signal: controller.signal,
          onProgress: (progress) => patch(key, { progress }),
        });
        if (shouldCompress(file) || file.type.startsWith('image/'))
          rememberPreview(uploaded.id, body);
        setPending((list) => list.filter((p) => p.key !== key));
        onUploadedRef.current(uploaded);
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') return;
        const message = errorText(err, UPLOAD_FAILED);
        patch(key, { phase: 'failed', error: message || UPLOAD_FAILED });
      } finally {
        controllers.current.delete(key);
        end();
      }
    },
    [activity, field, patch],
  );

  const addFiles = useCallback(
    (files: readonly File[]) => {
      // A refused file never became part of the field: choosing again drops its error.
      if (files.length > 0) setPending((list) => list.filter((p) => p.phase !== 'failed'));
      for (const file of files) {
        const key = `upload-${++nextKey}`;
        const check = checkFile(file, accept);
        if (!check.ok) {
          setPending((list) => [
            ...list,
            { key, name: file.name, progress: 0, phase: 'failed', error: check.message },
          ]);
          continue;
        }
        setPending((list) => [...list, { key, name: file.name, progress: 0, phase: 'preparing' }]);
        void run(key, file);
      }
    },
    [accept, run],
  );

  /** Cancels an upload in flight, or dismisses a failed one. */
  const dismiss = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    setPending((list) => list.filter((p) => p.key !== key));
  }, []);

  return { pending, addFiles, dismiss };
}
