import { type ReactNode, StrictMode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from '@/app/app';
import { revealAppLater } from '@/app/first-paint/first-paint';

export const ROOT_ELEMENT_ID = 'root';

/** Spec §1: the interface mounts in one root element; without it, start-up fails. */
export function mountApp(app: ReactNode = <App />, doc: Document = document): Root {
  const container = doc.getElementById(ROOT_ELEMENT_ID);
  if (!container) throw new Error('Root element not found');
  const root = createRoot(container);
  // A transition: React renders the first screen in slices, yielding to the browser between
  // them, instead of in one task a slow phone feels (decision 0060).
  startTransition(() => root.render(<StrictMode>{app}</StrictMode>));
  revealAppLater(doc);
  return root;
}
