import { FIRST_PAINT_ELEMENT_ID } from '@ztart/shared/first-paint';
import { useLayoutEffect } from 'react';

/**
 * The server's first paint of a screen (server.tsx, decision 0041) sits over the app until the
 * app has rendered a screen of its own: then it goes, in the same frame as that screen appears.
 */

/** At the latest after this long the app shows as it is (its loading shapes), first paint or not. */
export const FIRST_PAINT_TIMEOUT_MS = 10_000;

/** Removes the server's first paint, if the page has one. */
export function revealApp(doc: Document = document): void {
  doc.getElementById(FIRST_PAINT_ELEMENT_ID)?.remove();
}

/** For a screen (or the error screen): once it is rendered, the server's first paint goes. */
export function useRevealApp(): void {
  useLayoutEffect(() => revealApp(), []);
}

/** The first paint never outstays a start that has gone wrong without the error screen. */
export function revealAppLater(doc: Document = document): void {
  if (doc.getElementById(FIRST_PAINT_ELEMENT_ID)) setTimeout(() => revealApp(doc), FIRST_PAINT_TIMEOUT_MS);
}
