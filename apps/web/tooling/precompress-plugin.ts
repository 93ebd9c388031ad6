import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images (PNG) and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|webmanifest|txt|xml)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 512;

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => path.join(dir, file))
    .filter((file) => statSync(file).isFile());
}

/**
 * Writes `file.br` and `file.gz` next to every text file of the build, at the strongest
 * settings: done once here, so the server hands them out without compressing on each request
 * (it serves them when the browser accepts them, see apps/server/src/http/web-app.ts).
 */
export function precompressFiles(outDir: string): number {
  let written = 0;
  for (const file of listFiles(outDir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const source = readFileSync(file);
    if (source.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    const gzip = gzipSync(source, { level: constants.Z_BEST_COMPRESSION });
    if (brotli.length < source.length) {
      writeFileSync(`${file}.br`, brotli);
      written += 1;
    }
    if (gzip.length < source.length) {
      writeFileSync(`${file}.gz`, gzip);
      written += 1;
    }
  }
  return written;
}

/** Runs precompressFiles over the output folder once the build has written it. */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'ztart-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        const count = precompressFiles(outDir);
        this.info?.(`${count} precompressed copies (.br, .gz) written`);
      },
    },
  };
}
