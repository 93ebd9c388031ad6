import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Brotli first (about a fifth smaller than gzip on our JSON and scripts), gzip for the rest. */
export const RESPONSE_ENCODINGS = ['br', 'gzip'] as const;

/**
 * Compresses every text answer (JSON, HTML, CSV, SVG) of 1 KiB or more for browsers that accept
 * it. Brotli at quality 4 compresses about as fast as gzip's default, a good trade for answers
 * made on each request; the built web app's files are compressed once at build at the strongest
 * settings instead (served as they are, see web-app.ts). Must be registered before the routes:
 * it attaches itself to each route as it is added. Request bodies are never decompressed: no
 * client of ours sends them compressed, and a small compressed body could unpack to a large one.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: [...RESPONSE_ENCODINGS],
    threshold: 1024,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
  });
}
