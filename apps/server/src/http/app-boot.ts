import { createHash } from 'node:crypto';
import {
  APP_BOOT_DATA_ID,
  APP_BOOTED_ATTRIBUTE,
  APP_BOOTED_EVENT,
  type AppBoot,
} from '@ztart/shared/first-paint';
import { jsonForScriptElement } from '@ztart/shared/script-data';

/**
 * Starting the app after the first paint (decision 0054). A page that carries its first frame
 * (decision 0041) would otherwise have the browser compile and run the app's scripts, which arrive
 * while the HTML is still being laid out, before it paints that frame: on a slow phone the frame
 * then shows only once the scripts are in. Such a page lists what the app needs in a data block
 * (`<script type="application/json">`, never run) and this script asks for it once the frame is
 * painted: in the task after the first animation frame, at once in a tab that is not visible
 * (which has no animation frames). The requests start one frame later than from the HTML's head.
 *
 * Each request costs the main thread a few milliseconds on a phone (a slow one, 4 × this machine:
 * 12 to 66 ms each, 0.8 s for the thirty of a screen in one task). So the script adds one tag per
 * task (a message to itself, which no timer clamps), the answers first, then the entry, then the
 * screen's modules: the browser stays responsive between them. After the last, it marks the
 * document and tells the app, which waits for that before it makes its router (decision 0061):
 * else the bundler's loader would add the tags not yet added itself, all in one task.
 */

export const APP_BOOT_SCRIPT = `(() => {
  const d = document;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const boot = JSON.parse(d.getElementById('${APP_BOOT_DATA_ID}').textContent);
    const tags = [
      ...boot.fetches.map((href) => ['link', { rel: 'preload', as: 'fetch', crossOrigin: 'anonymous', href }]),
      ['script', { type: 'module', crossOrigin: 'anonymous', src: boot.entry }],
      ...boot.modules.map((href) => ['link', { rel: 'modulepreload', crossOrigin: 'anonymous', href }]),
    ];
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      const [tag, properties] = tags.shift();
      d.head.append(Object.assign(d.createElement(tag), properties));
      if (tags.length > 0) {
        channel.port2.postMessage(null);
        return;
      }
      channel.port1.close();
      d.documentElement.setAttribute('${APP_BOOTED_ATTRIBUTE}', '');
      d.dispatchEvent(new Event('${APP_BOOTED_EVENT}'));
    };
    channel.port2.postMessage(null);
  };
  if (d.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
})();`;

/** The Content Security Policy source that allows APP_BOOT_SCRIPT inline, and nothing else. */
export const APP_BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(APP_BOOT_SCRIPT).digest('base64')}'`;

/** The data block and the script, for the end of the body. URLs are the build's own (checked before). */
export function appBootElements(boot: AppBoot): string {
  const data = jsonForScriptElement(boot);
  return `<script type="application/json" id="${APP_BOOT_DATA_ID}">${data}</script><script>${APP_BOOT_SCRIPT}</script>`;
}
