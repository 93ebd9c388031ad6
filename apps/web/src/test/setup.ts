import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom does not scroll; React Router's ScrollRestoration calls this on every navigation.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('data-theme');
});
