// Applies the stored theme before the first paint so the page never flashes the wrong theme.
// Loaded by a blocking <script src> because the Content-Security-Policy forbids inline scripts.
// Keep in step with src/lib/theme.ts (storage key `theme`; values light, dark, system).
(() => {
  const root = document.documentElement;
  let preference = 'system';
  try {
    const stored = window.localStorage.getItem('theme');
    if (stored === 'light' || stored === 'dark' || stored === 'system') preference = stored;
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): follow the system.
  }
  const systemDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches === true;
  const resolved = preference === 'dark' || (preference === 'system' && systemDark) ? 'dark' : 'light';
  root.classList.toggle('dark', resolved === 'dark');
  root.dataset.theme = resolved;
  root.style.colorScheme = resolved;
  const themeColor = document.querySelector('meta[name="theme-color"]');
  if (themeColor) themeColor.setAttribute('content', resolved === 'dark' ? '#0d0d0f' : '#f9fafb');
})();
