import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { QuickTipProfile } from '@ztart/shared/contracts/qr-codes';
import {
  QUICK_TIP_DATA_ELEMENT_ID,
  type QuickTipPage,
  type QuickTipPageRenderer,
} from '@ztart/shared/quick-tip-page';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { inlineStylesheets, inlineThemeScript } from './inline-assets.ts';
import { isEmbeddableRequest, pagePolicyOf } from './security-headers.ts';

/** Where the web build leaves the quick-tip page compiled for the server (apps/web/tooling/build.mjs). */
export const QUICK_TIP_RENDERER_FILE = path.join('.ssr', 'quick-tip.js');

/** Waits this long after listening before loading the renderer, so that a start is not slowed. */
const WARM_UP_DELAY_MS = 1_000;

export interface QuickTipPageOptions {
  distDir: string;
  /** The built page (`quick-tip.html`), relative to distDir. */
  htmlFile: string;
  /** What GET /api/public/profiles/{ztartag} answers; null when nobody has that ztartag. */
  profileOf: (ztartag: string) => Promise<QuickTipProfile | null>;
  log: FastifyBaseLogger;
}

/** The built page cut where the server's rendering goes: the language, the title, the root. */
interface Template {
  head: string;
  beforeTitle: string;
  betweenTitleAndRoot: string;
  afterRoot: string;
}

const HTML_TAG = /<html lang="[^"]*">/;
const TITLE = /<title>[^<]*<\/title>/;
const EMPTY_ROOT = '<div id="root"></div>';

function cutTemplate(html: string): Template | null {
  const htmlTag = HTML_TAG.exec(html);
  const title = TITLE.exec(html);
  const root = html.indexOf(EMPTY_ROOT);
  if (!htmlTag || !title || root < 0 || !(htmlTag.index < title.index && title.index < root)) return null;
  return {
    head: html.slice(0, htmlTag.index),
    beforeTitle: html.slice(htmlTag.index + htmlTag[0].length, title.index),
    betweenTitleAndRoot: html.slice(title.index + title[0].length, root),
    afterRoot: html.slice(root + EMPTY_ROOT.length),
  };
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** The page: the built HTML with the rendered tree in its root and the data it was rendered from. */
function pageHtml(template: Template, page: QuickTipPage): string {
  return [
    template.head,
    `<html lang="${escapeHtml(page.language)}"${page.embed ? ' data-embed=""' : ''}>`,
    template.beforeTitle,
    `<title>${escapeHtml(page.title)}</title>`,
    template.betweenTitleAndRoot,
    `<div id="root">${page.markup}</div>`,
    // Data, never run (our CSP lets no inline script run but the theme's): the JSON cannot close it.
    `<script type="application/json" id="${QUICK_TIP_DATA_ELEMENT_ID}">${page.data}</script>`,
    template.afterRoot,
  ].join('');
}

/** An Accept-Language header as tags, preferred first (`fr-CA;q=0.5, es` → es, fr-CA). */
export function languageTagsOf(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), order };
    })
    .filter(({ tag, weight }) => tag !== '' && tag !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
    .map(({ tag }) => tag);
}

function isRenderer(value: unknown): value is QuickTipPageRenderer {
  const candidate = value as Partial<QuickTipPageRenderer> | null;
  return (
    typeof candidate?.receiverOfLink === 'function' && typeof candidate.renderQuickTipPage === 'function'
  );
}

/**
 * `/quick-tip` rendered on the server (decision 0022): the receiver, the amounts and the form are
 * in the HTML, and the page's script hydrates them. Null when the build has no renderer (a build
 * older than it): the page is then the built HTML, rendered in the browser. Any failure to render
 * falls back to that HTML too, so the page never breaks because of its server rendering.
 */
export function createQuickTipPage(options: QuickTipPageOptions) {
  const rendererPath = path.join(options.distDir, QUICK_TIP_RENDERER_FILE);
  const htmlPath = path.join(options.distDir, options.htmlFile);
  if (!existsSync(rendererPath) || !existsSync(htmlPath)) return null;
  // Its stylesheet and theme script inside it, as the app's page has them (decision 0054): the
  // first paint then waits for the HTML alone, not for two more files (decision 0062).
  const { html, scriptHash } = inlineThemeScript(
    inlineStylesheets(readFileSync(htmlPath, 'utf8'), options.distDir),
    options.distDir,
  );
  const scriptSources = scriptHash ? [scriptHash] : [];
  const pagePolicy = pagePolicyOf({ scriptSources });
  // The tip widget may sit in any site's frame (security-headers.ts).
  const framedPolicy = pagePolicyOf({ scriptSources, framed: true });
  const template = cutTemplate(html);
  if (!template) {
    options.log.warn({ file: htmlPath }, 'the quick-tip page has no place for its server rendering');
    return null;
  }

  let loading: Promise<QuickTipPageRenderer | null> | undefined;
  // Loaded on first use (React's server renderer is not needed to start the server).
  const renderer = () => {
    loading ??= import(pathToFileURL(rendererPath).href).then(
      (module: { renderer?: unknown }) => {
        if (isRenderer(module.renderer)) return module.renderer;
        options.log.error({ file: rendererPath }, 'the quick-tip renderer has an unexpected shape');
        return null;
      },
      (error: unknown) => {
        options.log.error({ err: error, file: rendererPath }, 'could not load the quick-tip renderer');
        return null;
      },
    );
    return loading;
  };

  const send = async (request: FastifyRequest, reply: FastifyReply) => {
    const loaded = await renderer();
    if (!loaded) return reply.sendFile(options.htmlFile);
    const url = request.raw.url ?? request.url;
    const search = url.includes('?') ? url.slice(url.indexOf('?')) : '';
    let page: QuickTipPage;
    try {
      const to = loaded.receiverOfLink(search);
      page = loaded.renderQuickTipPage({
        search,
        languageTags: languageTagsOf(request.headers['accept-language']),
        profile: to === null ? null : await options.profileOf(to),
      });
    } catch (error) {
      request.log.error({ err: error }, 'the quick-tip page could not be rendered on the server');
      return reply.sendFile(options.htmlFile);
    }
    return (
      reply
        // Unknown receiver: the same not-found page as before, with the status that says so.
        .status(page.state === 'notFound' ? 404 : 200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-language')
        .header(
          'content-security-policy',
          isEmbeddableRequest(request.method, request.url) ? framedPolicy : pagePolicy,
        )
        .send(pageHtml(template, page))
    );
  };

  return {
    send,
    /** Loads the renderer in the background a moment after the server listens. */
    warmUp: (): void => {
      setTimeout(() => void renderer(), WARM_UP_DELAY_MS).unref();
    },
  };
}
