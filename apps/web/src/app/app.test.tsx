import { describe, expect, it } from 'vitest';
import { type AppParts, prepareApp } from '@/app/app';

/** One task later: queued behind what the start has queued so far. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('prepareApp', () => {
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
});
