import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What a page served by the server carries inside its HTML instead of loading as files: both would
 * block its first paint for one more round trip (decisions 0054 and 0062).
 */

/** A page's own stylesheet as the build links it from its HTML. */
const ENTRY_STYLESHEET = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/g;
/** Larger than a page's stylesheet will ever be: past it, the link stays. */
const INLINE_STYLESHEET_MAX_BYTES = 256 * 1024;

/**
 * The HTML with its stylesheet inside it instead of linked (decision 0054). A linked
 * stylesheet blocks the first paint until it has arrived, one more round trip after the HTML on a
 * phone's network, queued behind the screen's scripts: inside the HTML, the browser can paint the
 * first frame (decision 0041) as soon as the HTML is parsed. The stylesheet stays a file for the
 * screens' own lazily loaded styles.
 */
export function inlineStylesheets(html: string, distDir: string): string {
  return html.replace(ENTRY_STYLESHEET, (link, url: string) => {
    const file = path.join(distDir, url);
    if (!existsSync(file)) return link;
    const css = readFileSync(file, 'utf8');
    if (css.length > INLINE_STYLESHEET_MAX_BYTES || /<\/style/i.test(css)) return link;
    // The screens' lazily loaded chunks name this stylesheet among what they need, and the build's
    // loader adds a link to it unless the page has one: loaded again and applied twice, it cost a
    // restyle of the whole page. A disabled link tells the loader it is there, and is neither
    // fetched nor applied.
    return `<style>${css}</style><link rel="stylesheet" href="${url}" disabled>`;
  });
}

/** The script that sets the theme before the first paint, as the built pages load it. */
const THEME_SCRIPT = '<script src="/theme-init.js"></script>';

/**
 * The HTML with the theme script inside it instead of loaded (decision 0054): it must run before
 * the first paint, so as a file it blocks the paint for one more round trip. The Content Security
 * Policy of the page allows that one inline script by its hash, and no other.
 */
export function inlineThemeScript(
  html: string,
  distDir: string,
): { html: string; scriptHash: string | null } {
  const file = path.join(distDir, 'theme-init.js');
  if (!html.includes(THEME_SCRIPT) || !existsSync(file)) return { html, scriptHash: null };
  const script = readFileSync(file, 'utf8');
  if (/<\/script/i.test(script)) return { html, scriptHash: null };
  return {
    html: html.replace(THEME_SCRIPT, `<script>${script}</script>`),
    scriptHash: `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
  };
}
