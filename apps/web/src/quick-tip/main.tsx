import './quick-tip.css';
import { isLanguage } from '@ztart/shared/languages';
import { QUICK_TIP_DATA_ELEMENT_ID, type QuickTipInitial } from '@ztart/shared/quick-tip-page';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { asQuickTipProfile } from './api.ts';
import { QuickTipApp } from './app.tsx';
import { followThemeChanges } from './theme.ts';

/** What the server rendered the page with, when it did (decision 0022); null otherwise. */
function serverData(): QuickTipInitial | null {
  const element = document.getElementById(QUICK_TIP_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const data: unknown = JSON.parse(element.textContent);
    if (typeof data !== 'object' || data === null) return null;
    const { language, profile } = data as Record<string, unknown>;
    if (!isLanguage(language)) return null;
    return { language, profile: profile === null ? null : asQuickTipProfile(profile) };
  } catch {
    return null;
  }
}

// The light entry of `/quick-tip`: React and this page only (no router, query cache or i18next),
// so that a stranger's phone on a weak network shows the form in a moment. The server has
// usually rendered it already: the same tree, from the same data, is then hydrated.
const container = document.getElementById('root');
if (!container) throw new Error('Root element not found');
followThemeChanges();
const search = window.location.search;
const initial = container.firstElementChild ? serverData() : null;
if (initial) {
  // The page is already on the screen: hydrating it as a transition lets React yield to the
  // browser every few milliseconds instead of holding the main thread in one long task (a tap
  // meanwhile is kept and replayed once its part of the page is hydrated).
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <QuickTipApp search={search} initial={initial} />
      </StrictMode>,
    );
  });
} else {
  createRoot(container).render(
    <StrictMode>
      <QuickTipApp search={search} />
    </StrictMode>,
  );
}
