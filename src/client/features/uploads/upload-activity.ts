import { createContext, useCallback, useContext, useMemo, useState } from 'react';

/*
 * How many uploads are in flight on the page. The wizard waits for them before saving, so a file
 * still uploading is never silently left out of the proposal.
 */
interface UploadActivity {
  /** Call when an upload starts; call the returned function once when it ends. */
  begin: () => () => void;
}

export const UploadActivityContext = createContext<UploadActivity>({ begin: () => () => {} });

export const useUploadActivity = () => useContext(UploadActivityContext);

/** For the page that provides the context: the count and the value to provide. */
export function useUploadActivityCounter(): { inFlight: number; activity: UploadActivity } {
  const [inFlight, setInFlight] = useState(0);
  const begin = useCallback(() => {
    setInFlight((n) => n + 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      setInFlight((n) => Math.max(0, n - 1));
    };
  }, []);
  const activity = useMemo(() => ({ begin }), [begin]);
  return { inFlight, activity };
}

/**
 * Files that belong to the saved proposal: removing one from the form only drops the reference
 * (the saved proposal still shows it until the next save). Files uploaded since are deleted.
 */
export const SavedFilesContext = createContext<ReadonlySet<string>>(new Set());

export const useSavedFiles = () => useContext(SavedFilesContext);
