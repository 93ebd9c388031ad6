import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDatabase } from '../db/types.ts';
import { isApiPath } from './api-path.ts';

/**
 * The cookie that says "this browser wrote recently: read from the primary until <epoch ms>". It is
 * not signed: all a client can do with it is send its own reads to the primary (where they would
 * go without a replica) or, by dropping it, read its own data a moment stale. Any instance reads
 * it, so a write through one instance and a read through another still see the write.
 */
export const READ_PRIMARY_COOKIE = 'read_primary_until';

/** Methods that change nothing: they never set the mark. */
const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Where heavy reads go, and how often each was chosen (what the tests and metrics read). */
export interface ReadRouting {
  /** The database for a heavy read of this request: the replica, unless its person wrote lately. */
  readerFor(request: FastifyRequest): AppDatabase;
  counts: { replica: number; primary: number };
}

/**
 * Heavy reads (transaction lists and their search, analytics, CSV exports) go to the replica of
 * DATABASE_READ_URL when there is one; a request whose browser wrote within `windowSeconds` reads
 * from the primary, so that a person always sees their own writes (decision 0052). Without a
 * replica everything reads from the primary and no cookie is set.
 */
export function registerReadRouting(
  app: FastifyInstance,
  options: { primary: AppDatabase; replica: AppDatabase | undefined; windowSeconds: number; now: () => Date },
): ReadRouting {
  const { primary, replica, windowSeconds } = options;
  const counts = { replica: 0, primary: 0 };
  if (replica) {
    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply) => {
      if (READ_METHODS.has(request.method) || !isApiPath(request.url) || reply.statusCode >= 400) return;
      const until = options.now().getTime() + windowSeconds * 1000;
      reply.header('set-cookie', [
        ...headerList(reply.getHeader('set-cookie')),
        `${READ_PRIMARY_COOKIE}=${until}; Max-Age=${windowSeconds}; Path=/api; HttpOnly; SameSite=Lax`,
      ]);
    });
  }
  return {
    counts,
    readerFor(request) {
      if (!replica) return primary;
      const until = Number(request.cookies?.[READ_PRIMARY_COOKIE]);
      if (Number.isFinite(until) && until > options.now().getTime()) {
        counts.primary += 1;
        return primary;
      }
      counts.replica += 1;
      return replica;
    },
  };
}

function headerList(value: ReturnType<FastifyReply['getHeader']>): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}
