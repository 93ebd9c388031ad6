import { APP_BOOT_DATA_ID, APP_BOOTED_EVENT } from '@ztart/shared/first-paint';
import { afterEach, describe, expect, it } from 'vitest';
import { type AppParts, prepareApp } from '@/app/app';

/** One task later: queued behind what the start has queued so far. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('prepareApp', () => {
  afterEach(() => document.body.replaceChildren());

  it('makes the translations, the query client and the router in tasks of their own', async () => {
    let parts: AppParts | undefined;
    void prepareApp().then((made) => {
      parts = made;
    });
    // Nothing is made in the task that started it, and each of the next steps waits for a task.
    await nextTask();
    expect(parts).toBeUndefined();
    await nextTask();
    expect(parts).toBeUndefined();
    await nextTask();
    expect(parts?.router.state.location.pathname).toBe(window.location.pathname);
    expect(parts?.i18n.isInitialized || parts?.i18n.isInitializing).toBe(true);
    parts?.router.dispose();
  });

  it('makes the router once the page’s boot script has asked for the screen’s modules', async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = APP_BOOT_DATA_ID;
    block.textContent = '{"entry":"/assets/main.js","modules":[],"fetches":[]}';
    document.body.append(block);
    let parts: AppParts | undefined;
    void prepareApp().then((made) => {
      parts = made;
    });
    for (let task = 0; task < 5; task += 1) await nextTask();
    expect(parts).toBeUndefined();

    document.dispatchEvent(new Event(APP_BOOTED_EVENT));
    // The router is made in the task after the one the script told it in.
    await nextTask();
    await nextTask();
    expect(parts?.router.state.location.pathname).toBe(window.location.pathname);
    parts?.router.dispose();
  });
});
