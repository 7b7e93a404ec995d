import { createContext, useContext } from 'react';

/**
 * True inside the Layout, which provides the <main> landmark. An error page rendered by the
 * top-level errorElement (when the Layout itself failed) has no Layout around it and must bring
 * its own <main>.
 */
export const FrameContext = createContext(false);

export const useInsideFrame = () => useContext(FrameContext);
