import { ApiRequestError } from '../../lib/api';
import { call, urlOf } from '../../lib/call';
import { files, proposals } from '../../../shared/api/client-routes';
import { apiErrorSchema } from '../../../shared/schemas/errors';
import {
  photoUploadReplySchema,
  type FileField,
  type FileRef,
} from '../../../shared/schemas/proposal';

export type UploadedFile = FileRef & { field: FileField };

/**
 * POST /api/proposal/photo-upload with progress. fetch() cannot report upload progress, so this
 * one call uses XMLHttpRequest. `onProgress` receives 0..1.
 */
export function uploadFile(
  file: Blob,
  field: FileField,
  originalName: string,
  opts: {
    onProgress?: (fraction: number) => void;
    signal?: AbortSignal;
    /** Extra form fields (a signature's `role`). */
    fields?: Record<string, string>;
  } = {},
): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('used', field);
    form.append('originalName', originalName);
    for (const [name, value] of Object.entries(opts.fields ?? {})) form.append(name, value);
    form.append(field, file, originalName);
    const xhr = new XMLHttpRequest();
    xhr.open(proposals.upload.method, urlOf(proposals.upload, { body: form }));
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = photoUploadReplySchema.safeParse(data);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiRequestError(xhr.status, 'The upload answer was not understood.'));
        return;
      }
      const err = apiErrorSchema.safeParse(data);
      reject(
        new ApiRequestError(
          xhr.status,
          err.success ? err.data.message : `Upload failed (${xhr.status}).`,
          err.success ? err.data.requestId : undefined,
        ),
      );
    };
    xhr.onerror = () =>
      reject(
        new ApiRequestError(0, 'The upload was interrupted. Check your connection and try again.'),
      );
    opts.signal?.addEventListener('abort', () => xhr.abort());
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    xhr.send(form);
  });
}

export async function removeFile(id: string): Promise<void> {
  try {
    await call(files.remove, { params: { id } });
  } catch (err) {
    // Already gone is done; a refusal gets this screen's own words; no connection stays as is.
    if (!(err instanceof ApiRequestError) || err.status === 0) throw err;
    if (err.status !== 404)
      throw new ApiRequestError(err.status, 'The file could not be removed. Please try again.');
  }
}
