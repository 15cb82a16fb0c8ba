import { createContext } from 'react-router';

/**
 * The wordmark's face for the page being rendered (`server/studio/wordmark-face.ts`): the root
 * loader sets it, the document's entry puts its CSS into the head (entry.server.tsx). Only its
 * name travels in the loader data; the browser keeps the face it was given.
 */
export const wordmarkFaceContext = createContext<{ href: string; css: string } | null>(null);
