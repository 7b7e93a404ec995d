import { useEffect, useState } from 'react';
import type { ErrorKind } from './describe-error';
import { reportError } from './report';

/** Reports `error` once and returns its event id when the server has stored it. */
export function useReportedError(error: unknown, kind: ErrorKind): string | undefined {
  const [result, setResult] = useState<{ error: unknown; eventId: string | undefined }>();
  useEffect(() => {
    let current = true;
    void reportError(error, { kind }).then((eventId) => {
      if (current) setResult({ error, eventId });
    });
    return () => {
      current = false;
    };
  }, [error, kind]);
  // An id belongs to the error it was reported for; a newer error shows none until its own arrives.
  return result && result.error === error ? result.eventId : undefined;
}
