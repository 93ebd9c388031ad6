import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml, languageTagsOf } from './quick-tip-page.ts';
import { registerWebApp } from './web-app.ts';

const PAGE =
  '<!doctype html>\n<html lang="en">\n<head><title>Quick tip · Ztart Tips</title>' +
  '<script type="module" src="/assets/quick-tip-1a2b.js"></script></head>\n' +
  '<body><div id="root"></div></body></html>\n';

/**
 * A stand-in for the compiled page (the real one is checked in web-build.test.ts): it renders
 * what it was given, and fails for `?to=broken`.
 */
const RENDERER = `
export const renderer = {
  receiverOfLink: (search) => new URLSearchParams(search).get('to'),
  renderQuickTipPage: ({ search, languageTags, profile }) => {
    if (search.includes('broken')) throw new Error('render failed');
    return {
      state: profile ? 'ready' : 'notFound',
      markup: profile ? '<form data-testid="tip-form">' + profile.ztartag + '</form>' : '<p>not found</p>',
      title: profile ? 'Tip <' + profile.ztartag + '>' : 'Not found',
      language: languageTags[0] === 'pt' ? 'pt' : 'en',
      embed: search.includes('embed=1'),
      data: '{"profile":null}',
    };
  },
};
`;

/** The page as the build makes it, with its theme script and stylesheet as files. */
const STYLED_PAGE =
  '<!doctype html>\n<html lang="en">\n<head><title>Quick tip · Ztart Tips</title>' +
  '<script src="/theme-init.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/quick-tip-9z8y.css">' +
  '<script type="module" src="/assets/quick-tip-1a2b.js"></script></head>\n' +
  '<body><div id="root"></div></body></html>\n';
const THEME_SCRIPT = "document.documentElement.dataset.theme = 'light';";
const STYLESHEET = 'body{color:#111}';

function distWith(renderer: string | null, page = PAGE): string {
  const distDir = mkdtempSync(path.join(tmpdir(), 'ztart-quick-tip-'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(distDir, 'quick-tip.html'), page);
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'assets/quick-tip-9z8y.css'), STYLESHEET);
  writeFileSync(path.join(distDir, 'theme-init.js'), THEME_SCRIPT);
  if (renderer !== null) {
    mkdirSync(path.join(distDir, '.ssr'));
    writeFileSync(path.join(distDir, '.ssr/quick-tip.js'), renderer);
  }
  return distDir;
}

async function serve(distDir: string) {
  const app = Fastify({ logger: false });
  await registerWebApp(app, {
    distDir,
    mayRenderQuickTip: async (request) => request.headers['x-test-over-limit'] === undefined,
    quickTipProfile: async (ztartag) =>
      ztartag === 'nobody'
        ? null
        : {
            ztartag,
            fullName: null,
            avatarUrl: null,
            verified: false,
            currency: 'USD',
            minMinor: 100,
            maxMinor: 10_000,
            presetsMinor: [500],
          },
  });
  return app;
}

describe('the quick-tip page on the server', () => {
  const dirs: string[] = [];
  const made = (renderer: string | null, page = PAGE) => {
    const dir = distWith(renderer, page);
    dirs.push(dir);
    return serve(dir);
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  let app: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    app = await made(RENDERER);
  });

  it('puts the rendering, its title, language and data into the built page', async () => {
    const answer = await app.inject({
      url: '/quick-tip?to=ana&embed=1',
      headers: { 'accept-language': 'pt-BR;q=0.2, pt' },
    });

    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.body).toBe(
      '<!doctype html>\n<html lang="pt" data-embed="">\n<head><title>Tip &lt;ana&gt;</title>' +
        '<script type="module" src="/assets/quick-tip-1a2b.js"></script></head>\n' +
        '<body><div id="root"><form data-testid="tip-form">ana</form></div>' +
        '<script type="application/json" id="quick-tip-data">{"profile":null}</script></body></html>\n',
    );
  });

  it('carries its stylesheet and theme script inside it, the script allowed by its hash, framed or not', async () => {
    const styled = await made(RENDERER, STYLED_PAGE);
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    for (const [url, frameAncestors] of [
      ['/quick-tip?to=ana', "'none'"],
      ['/quick-tip?to=ana&embed=1', '*'],
    ] as const) {
      const answer = await styled.inject({ url });

      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).toContain(
        `<script>${THEME_SCRIPT}</script><style>${STYLESHEET}</style>` +
          '<link rel="stylesheet" href="/assets/quick-tip-9z8y.css" disabled>',
      );
      expect(answer.body, url).toContain('<div id="root"><form data-testid="tip-form">ana</form></div>');
      const policy = String(answer.headers['content-security-policy']).split(';');
      expect(policy, url).toContain(`script-src 'self' 'sha256-${hash}'`);
      expect(policy, url).toContain(`frame-ancestors ${frameAncestors}`);
    }
    await styled.close();
  });

  it('answers 404 for a receiver nobody has', async () => {
    const answer = await app.inject({ url: '/quick-tip?to=nobody' });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toContain('<p>not found</p>');
  });

  it('sends the built page, rendered in the browser, when the rendering fails', async () => {
    const answer = await app.inject({ url: '/quick-tip?to=broken' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(PAGE);
  });

  it('sends the built page without its receiver to an address over the public-profile limit', async () => {
    const answer = await app.inject({ url: '/quick-tip?to=ana', headers: { 'x-test-over-limit': '1' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(PAGE);
  });

  it('sends the built page when the build has no renderer, or one that cannot load', async () => {
    for (const renderer of [null, 'this is not JavaScript {']) {
      const plain = await made(renderer);
      const answer = await plain.inject({ url: '/quick-tip?to=ana' });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(PAGE);
      await plain.close();
    }
  });
});

describe('helpers of the quick-tip page', () => {
  it('reads Accept-Language in order of preference', () => {
    expect(languageTagsOf('fr-CA;q=0.5, es, *;q=0.1, de;q=0')).toEqual(['es', 'fr-CA']);
    expect(languageTagsOf('pt-BR,pt;q=0.9,en-US;q=0.8')).toEqual(['pt-BR', 'pt', 'en-US']);
    expect(languageTagsOf(undefined)).toEqual([]);
    expect(languageTagsOf('')).toEqual([]);
  });

  it('escapes text for HTML', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
    );
  });
});
