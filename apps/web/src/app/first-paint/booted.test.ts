import { APP_BOOT_DATA_ID, APP_BOOTED_ATTRIBUTE, APP_BOOTED_EVENT } from '@ztart/shared/first-paint';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootSaysSignedIn, bootTagsAdded } from '@/app/first-paint/booted';

/** Whether the promise has settled by the time the microtasks queued so far have run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

function addBootBlock(text = '{"entry":"/assets/main.js","modules":[],"fetches":[],"signedIn":false}') {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = APP_BOOT_DATA_ID;
  block.textContent = text;
  document.body.append(block);
}

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.removeAttribute(APP_BOOTED_ATTRIBUTE);
  vi.useRealTimers();
});

describe('bootTagsAdded', () => {
  it('resolves at once on a page without a boot script', async () => {
    expect(await settled(bootTagsAdded())).toBe(true);
  });

  it('resolves at once when the boot script is done already', async () => {
    addBootBlock();
    document.documentElement.setAttribute(APP_BOOTED_ATTRIBUTE, '');
    expect(await settled(bootTagsAdded())).toBe(true);
  });

  it('waits for the boot script to say it has added its last tag', async () => {
    addBootBlock();
    const added = bootTagsAdded();
    expect(await settled(added)).toBe(false);
    document.dispatchEvent(new Event(APP_BOOTED_EVENT));
    expect(await settled(added)).toBe(true);
  });

  it('gives up waiting for a stalled boot script after its time', async () => {
    vi.useFakeTimers();
    addBootBlock();
    const added = bootTagsAdded(document, 1_000);
    vi.advanceTimersByTime(999);
    expect(await settled(added)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(added)).toBe(true);
  });
});

describe('bootSaysSignedIn', () => {
  it('tells what the page’s boot data says of the session cookie', () => {
    addBootBlock('{"entry":"/assets/main.js","modules":[],"fetches":[],"signedIn":true}');
    expect(bootSaysSignedIn()).toBe(true);
    document.body.replaceChildren();
    addBootBlock();
    expect(bootSaysSignedIn()).toBe(false);
  });

  it('says no without boot data, or with data it cannot read', () => {
    expect(bootSaysSignedIn()).toBe(false);
    addBootBlock('{"signedIn":');
    expect(bootSaysSignedIn()).toBe(false);
  });
});
