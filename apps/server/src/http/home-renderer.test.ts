import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIRST_PAINT_RENDERER_FILE, type HomeFirstData } from '@ztart/shared/first-paint';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHomeRenderer } from './home-renderer.ts';

const log = { error: vi.fn() } as unknown as FastifyBaseLogger;
const dataOf = (userId: string) =>
  ({ session: { user: { id: userId } }, dashboard: {} }) as unknown as HomeFirstData;
const DATA = dataOf('u-1');

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A build whose renderer module is `source`, with an English catalogue. */
function buildWith(source: string): string {
  const distDir = mkdtempSync(path.join(tmpdir(), 'ztart-home-renderer-'));
  folders.push(distDir);
  mkdirSync(path.join(distDir, '.ssr'));
  mkdirSync(path.join(distDir, 'locales'));
  writeFileSync(path.join(distDir, 'locales', 'en.json'), JSON.stringify({ dashboard: { hello: 'Hello' } }));
  writeFileSync(path.join(distDir, FIRST_PAINT_RENDERER_FILE), source);
  return distDir;
}

const RENDERS = `export function renderHomeFirstPaint(language, catalogue, data) {
  return '<div id="first-paint" class="x">' + catalogue.dashboard.hello + ' ' + data.session.user.id + ' (' + language + ')</div>';
}`;

describe("the home's renderer, in a thread of its own", () => {
  it('renders with the catalogue of the language and the person’s answers', async () => {
    const renderer = createHomeRenderer(buildWith(RENDERS), log);
    try {
      expect(await renderer?.render('en', DATA)).toBe('<div id="first-paint" class="x">Hello u-1 (en)</div>');
      // The same thread serves the next page.
      expect(await renderer?.render('en', DATA)).toContain('Hello u-1');
    } finally {
      await renderer?.close();
    }
  });

  it('gives nothing for a renderer that fails, or that writes something else than the first paint', async () => {
    for (const source of [
      'export function renderHomeFirstPaint() { throw new Error("broken"); }',
      'export function renderHomeFirstPaint() { return "<script>alert(1)</script>"; }',
      'export const nothingHere = 1;',
      'this is not JavaScript',
    ]) {
      const renderer = createHomeRenderer(buildWith(source), log);
      try {
        expect(await renderer?.render('en', DATA), source).toBeNull();
      } finally {
        await renderer?.close();
      }
    }
  });

  it('gives up on a render that takes too long, and starts a new thread for the next one', async () => {
    const distDir = buildWith(
      `export function renderHomeFirstPaint(language, catalogue, data) {
        if (data.session.user.id === 'slow') for (;;) {}
        return '<div id="first-paint" class="x">' + data.session.user.id + '</div>';
      }`,
    );
    const renderer = createHomeRenderer(distDir, log, { timeoutMs: 500 });
    try {
      expect(await renderer?.render('en', dataOf('slow'))).toBeNull();
      expect(log.error).toHaveBeenCalledWith({ timeoutMs: 500 }, expect.stringContaining('too long'));
      expect(await renderer?.render('en', dataOf('next'))).toBe('<div id="first-paint" class="x">next</div>');
    } finally {
      await renderer?.close();
    }
  });

  it('is none without the build’s renderer', () => {
    const distDir = buildWith(RENDERS);
    rmSync(path.join(distDir, FIRST_PAINT_RENDERER_FILE));
    expect(createHomeRenderer(distDir, log)).toBeNull();
  });
});
