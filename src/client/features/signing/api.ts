import { useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accessLost, ApiRequestError } from '../../lib/api';
import { call } from '../../lib/call';
import { signing } from '../../../shared/api/client-routes';
import type { SignerRole } from '../../../shared/schemas/signing';
import { proposalKeys } from '../proposals/api';
import { uploadFile } from '../proposals/upload';

/* Signing (docs/product/signing.md): upload the drawn PNG, then sign with its file id; and the signing log. */

export const signingKeys = {
  log: (id: string) => [...proposalKeys.all, 'signing-log', id] as const,
};

export interface SignInput {
  /** Produces the drawn signature as PNG (canvas.toBlob). */
  png: () => Promise<Blob>;
  role: SignerRole;
  /** The proposal version the signer was shown; a changed proposal is refused (409). */
  version: number;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

export function useSign(id: string) {
  const qc = useQueryClient();
  // The drawing last uploaded: signing it again (after an answer was lost) reuses its file, so
  // the retry is the same request with the same Idempotency-Key and the server answers the first
  // signature instead of 'Already signed.' (decision 0015).
  const uploaded = useRef<{ bytes: Uint8Array; role: SignerRole; fileId: string } | null>(null);
  return useMutation({
    mutationFn: async ({ png, role, version }: SignInput) => {
      const drawing = await png();
      const bytes = new Uint8Array(await drawing.arrayBuffer());
      const last = uploaded.current;
      let fileId = last && last.role === role && sameBytes(last.bytes, bytes) ? last.fileId : null;
      if (!fileId) {
        // docs/product/signing.md: the PNG with the signer's role; stored as CONTRACTOR_ or HOMEOWNER_SIGNATURE.
        const file = await uploadFile(drawing, 'signature', 'signature.png', { fields: { role } });
        fileId = file.id;
        uploaded.current = { bytes, role, fileId };
      }
      return call(signing.sign, {
        params: { id },
        body: { fileId, role, consent: true, version },
      });
    },
    // Not awaited: the caller moves on to the signed page at once, before the reloaded proposal
    // (now signed) would send the sign page elsewhere.
    onSuccess: () => void qc.invalidateQueries({ queryKey: proposalKeys.all }),
    // 409: the proposal changed (or was signed) meanwhile: show the signer what it is now. 401,
    // 403, 404: the signer is no longer its homeowner (sent to someone else, removed, deleted):
    // the reread proposal takes the page to /private/ or to what they may still read, rather than
    // a bare 'Not found' under a Done Signing that can only be refused again.
    onError: (error) => {
      if ((error instanceof ApiRequestError && error.status === 409) || accessLost(error)) {
        void qc.invalidateQueries({ queryKey: proposalKeys.detail(id) });
      }
    },
  });
}

/** POST /api/proposal/log: who signed, from where, when, and whether the content still matches. */
export function useSigningLog(id: string) {
  return useQuery({
    queryKey: signingKeys.log(id),
    queryFn: ({ signal }) => call(signing.log, { body: { proposalId: id } }, { signal }),
    enabled: id !== '',
  });
}
