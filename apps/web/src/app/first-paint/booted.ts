import {
  APP_BOOT_DATA_ID,
  APP_BOOTED_ATTRIBUTE,
  APP_BOOTED_EVENT,
  type AppBoot,
} from '@ztart/shared/first-paint';

/** The longest the app's start waits for the page's boot script: a stalled one never holds it back. */
export const BOOT_WAIT_MS = 1_000;

/**
 * Resolves once the page's boot script (decision 0054) has added every tag it lists: at once on a
 * page without one or when it is done already, else on its event, after BOOT_WAIT_MS at most.
 *
 * Making the router starts loading the route's modules. Made before the boot script is done, the
 * bundler's loader adds the module tags the script has not added yet itself, all in one task: a
 * third of the start's longest task on a slow phone (decision 0061).
 */
export function bootTagsAdded(doc: Document = document, maxWaitMs = BOOT_WAIT_MS): Promise<void> {
  if (!doc.getElementById(APP_BOOT_DATA_ID) || doc.documentElement.hasAttribute(APP_BOOTED_ATTRIBUTE)) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      doc.removeEventListener(APP_BOOTED_EVENT, done);
      resolve();
    };
    const timer = setTimeout(done, maxWaitMs);
    doc.addEventListener(APP_BOOTED_EVENT, done);
  });
}

/** Whether the page's boot data says the request carried a session cookie; false without it. */
export function bootSaysSignedIn(doc: Document = document): boolean {
  const data = doc.getElementById(APP_BOOT_DATA_ID)?.textContent;
  if (!data) return false;
  try {
    return (JSON.parse(data) as Partial<AppBoot>).signedIn === true;
  } catch {
    return false;
  }
}
