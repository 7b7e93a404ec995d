import { useEffect, useState } from 'react';

/*
 * Photos of products kept in the page for a visitor whose changes are not saved: object URLs of
 * the files they chose, never uploaded. The page holds each until no option shows it any more,
 * and lets all of them go when it closes, so the browser frees the files.
 */

export interface LocalImages {
  keep: (url: string) => void;
  release: (url: string) => void;
}

export const isObjectUrl = (url: string) => url.startsWith('blob:');

export function useLocalImages(): LocalImages {
  const [images] = useState(() => {
    const held = new Set<string>();
    return {
      held,
      keep: (url: string) => {
        if (isObjectUrl(url)) held.add(url);
      },
      release: (url: string) => {
        if (!held.delete(url)) return;
        URL.revokeObjectURL(url);
      },
    };
  });
  useEffect(() => {
    const { held } = images;
    return () => {
      for (const url of held) URL.revokeObjectURL(url);
      held.clear();
    };
  }, [images]);
  return images;
}
