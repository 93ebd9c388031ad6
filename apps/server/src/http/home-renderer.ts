import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  FIRST_PAINT_ELEMENT_ID,
  FIRST_PAINT_RENDERER_FILE,
  type HomeFirstData,
} from '@ztart/shared/first-paint';
import type { Language } from '@ztart/shared/languages';
import type { FastifyBaseLogger } from 'fastify';

/**
 * A render that takes longer than this is given up: the page goes out with the loading shapes. The
 * thread starts with the first signed-in home it is asked for, whose render also loads the renderer
 * (about a second on a slow machine). It does not start with the server: on a busy machine its
 * loading took the CPU from the instance's own start and drain.
 */
const RENDER_TIMEOUT_MS = 5_000;

/**
 * The worker's code (plain JavaScript, run as given: it needs no TypeScript loader). It loads the
 * build's first-paint renderer and the catalogue of each language once, and answers each message
 * with the home's first paint.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const renderer = import(pathToFileURL(workerData.rendererFile).href);
const catalogues = new Map();
const catalogueOf = (language) => {
  if (!catalogues.has(language)) {
    catalogues.set(language, JSON.parse(readFileSync(path.join(workerData.localesDir, language + '.json'), 'utf8')));
  }
  return catalogues.get(language);
};
parentPort.on('message', async ({ id, language, data }) => {
  try {
    const { renderHomeFirstPaint } = await renderer;
    parentPort.postMessage({ id, html: renderHomeFirstPaint(language, catalogueOf(language), data) });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.stack) || error) });
  }
});
`;

interface RendererThread {
  worker: Worker;
  /** The pages waiting for this thread, by message id. */
  waiting: Map<number, (html: string | null) => void>;
}

interface Answer {
  id: number;
  html?: string;
  error?: string;
}

/**
 * A signed-in person's home rendered with their figures (decision 0055), in a worker thread of its
 * own. The renderer is the web app's code compiled with React and the shared contracts inside: in
 * a thread of its own, its copy of the schema library keeps to itself (zod keeps one registry per
 * global object), and its rendering never holds up the server's requests. `render` gives null
 * whenever the page should go out without it: the renderer missing, failing or too slow.
 */
export function createHomeRenderer(
  distDir: string,
  log: FastifyBaseLogger,
  { timeoutMs = RENDER_TIMEOUT_MS }: { timeoutMs?: number } = {},
) {
  const rendererFile = path.join(distDir, FIRST_PAINT_RENDERER_FILE);
  // A build older than the renderer: home goes out with its loading shapes.
  if (!existsSync(rendererFile)) return null;
  const localesDir = path.join(distDir, 'locales');
  let nextId = 0;
  let current: RendererThread | null = null;

  /** A thread that ends (an error, too slow, closing) answers nothing more; the next page starts another. */
  const retire = (thread: RendererThread) => {
    if (current === thread) current = null;
    for (const settle of thread.waiting.values()) settle(null);
    thread.waiting.clear();
    return thread.worker.terminate();
  };

  const started = (): RendererThread => {
    if (current) return current;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { rendererFile, localesDir } });
    const thread: RendererThread = { worker, waiting: new Map() };
    // It never keeps the process alive on its own.
    worker.unref();
    worker.on('message', ({ id, html, error }: Answer) => {
      const settle = thread.waiting.get(id);
      thread.waiting.delete(id);
      if (error) log.error({ err: { message: error } }, 'the home could not be rendered with its figures');
      settle?.(
        typeof html === 'string' && html.startsWith(`<div id="${FIRST_PAINT_ELEMENT_ID}" `) ? html : null,
      );
    });
    worker.on('error', (error) => log.error({ err: error }, 'the home renderer stopped'));
    worker.on('exit', () => void retire(thread));
    current = thread;
    return thread;
  };

  return {
    render(language: Language, data: HomeFirstData): Promise<string | null> {
      const id = nextId++;
      const thread = started();
      return new Promise((resolve) => {
        // A renderer stuck on one page would hold every later one: its thread goes.
        const timer = setTimeout(() => {
          log.error({ timeoutMs }, 'the home renderer took too long, and is started again');
          void retire(thread);
        }, timeoutMs);
        thread.waiting.set(id, (html) => {
          clearTimeout(timer);
          resolve(html);
        });
        thread.worker.postMessage({ id, language, data });
      });
    },
    async close(): Promise<void> {
      if (current) await retire(current);
    },
  };
}
