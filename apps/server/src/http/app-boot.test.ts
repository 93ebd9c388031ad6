// @vitest-environment jsdom

import { APP_BOOTED_ATTRIBUTE, APP_BOOTED_EVENT } from '@ztart/shared/first-paint';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_BOOT_SCRIPT, appBootElements } from './app-boot.ts';

const BOOT = {
  entry: '/assets/main-1.js',
  modules: ['/assets/react-2.js', '/assets/home-page-3.js'],
  fetches: ['/locales/en.json?v=4', '/api/auth/session'],
  signedIn: false,
};

/** What the test touches of jsdom's page (the server's types have no DOM). */
interface PageElement {
  tagName: string;
  getAttribute(name: string): string | null;
}
const { document } = globalThis as unknown as {
  document: {
    documentElement: PageElement & { removeAttribute(name: string): void };
    addEventListener(type: string, listener: () => void): void;
    head: { children: ArrayLike<PageElement>; replaceChildren(): void };
    body: { innerHTML: string; replaceChildren(): void };
  };
};

/** The tags the script has added to the head, in order, as `tag rel-or-type href-or-src`. */
const added = () =>
  Array.from(document.head.children, (element) =>
    element.tagName === 'SCRIPT'
      ? `script ${element.getAttribute('type')} ${element.getAttribute('src')}`
      : `link ${element.getAttribute('rel')} ${element.getAttribute('href')}`,
  );

afterEach(() => {
  document.head.replaceChildren();
  document.body.replaceChildren();
  document.documentElement.removeAttribute(APP_BOOTED_ATTRIBUTE);
  vi.unstubAllGlobals();
});

describe('the script that starts the app after the first paint', () => {
  it('asks for the answers, then the entry, then the screen’s modules, each once, then says it is done', async () => {
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => setTimeout(callback, 0));
    const told = vi.fn(() => added().length);
    document.addEventListener(APP_BOOTED_EVENT, told);
    const [data] = /<script type="application\/json"[^>]*>[^<]*<\/script>/.exec(appBootElements(BOOT)) ?? [];
    document.body.innerHTML = data ?? '';

    new Function(APP_BOOT_SCRIPT)();
    // Nothing before the frame is painted.
    expect(added()).toEqual([]);
    expect(document.documentElement.getAttribute(APP_BOOTED_ATTRIBUTE)).toBeNull();

    await vi.waitFor(() => expect(added()).toHaveLength(5));
    expect(added()).toEqual([
      'link preload /locales/en.json?v=4',
      'link preload /api/auth/session',
      'script module /assets/main-1.js',
      'link modulepreload /assets/react-2.js',
      'link modulepreload /assets/home-page-3.js',
    ]);
    for (const element of Array.from(document.head.children))
      expect(element.getAttribute('crossorigin')).toBe('anonymous');
    // Done once the last tag is in: the document is marked, and the app told once.
    expect(told).toHaveBeenCalledTimes(1);
    expect(told).toHaveReturnedWith(5);
    expect(document.documentElement.getAttribute(APP_BOOTED_ATTRIBUTE)).toBe('');
    // And nothing more afterwards.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(added()).toHaveLength(5);
    expect(told).toHaveBeenCalledTimes(1);
  });
});
