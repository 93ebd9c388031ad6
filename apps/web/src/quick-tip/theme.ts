import {
  applyTheme,
  readThemePreference,
  resolveTheme,
  systemPrefersDark,
  THEME_STORAGE_KEY,
  watchSystemTheme,
} from '@/lib/theme/theme';

/**
 * public/theme-init.js has set the saved theme before the first paint; this keeps it in step
 * afterwards: the system switching between light and dark, or the app changing it in another tab.
 */
export function followThemeChanges(): () => void {
  const apply = () => applyTheme(resolveTheme(readThemePreference(), systemPrefersDark()));
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) apply();
  };
  apply();
  window.addEventListener('storage', onStorage);
  const stopWatching = watchSystemTheme(apply);
  return () => {
    window.removeEventListener('storage', onStorage);
    stopWatching();
  };
}
