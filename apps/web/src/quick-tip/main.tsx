import './quick-tip.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QuickTipApp } from './app.tsx';
import { followThemeChanges } from './theme.ts';

// The light entry of `/quick-tip`: React and this page only (no router, query cache or i18next),
// so that a stranger's phone on a weak network shows the form in a moment.
const container = document.getElementById('root');
if (!container) throw new Error('Root element not found');
followThemeChanges();
createRoot(container).render(
  <StrictMode>
    <QuickTipApp search={window.location.search} />
  </StrictMode>,
);
