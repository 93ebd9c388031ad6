import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { toastStore } from '@/components/ui/toast/toast-store';
import { clearTestCookies } from '@/test/cookies';

// Screens load lazily (their code is transformed on first use, several test files at once):
// give findBy/waitFor more than the default second.
configure({ asyncUtilTimeout: 4_000 });

// jsdom does not scroll; React Router's ScrollRestoration calls this on every navigation.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  toastStore.dismissAll();
  clearTestCookies();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('data-theme');
});
