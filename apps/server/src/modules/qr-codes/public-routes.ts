import { QR_SHORT_CODE_PATTERN } from '@ztart/shared/contracts/qr-codes';
import { ZTARTAG_PATTERN } from '@ztart/shared/validation';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { isAppError } from '../../http/errors.ts';
import { recordAudit } from '../activity/service.ts';
import { findPublicProfile } from '../profiles/service.ts';
import { destinationOf, positionOfQuery, resolveTarget, scannerOf } from './scans.ts';
import { countScan, findLiveQrCode } from './service.ts';

/** Where a scan leads depends on the moment, the place and the scanner: never reuse an answer. */
const NO_STORE = 'no-store';

/**
 * An unknown or deleted link is the web app's business: its not-found page, with status 404 so
 * that crawlers and link checkers see it too.
 */
function notFoundPage(reply: FastifyReply) {
  reply.status(404);
  return reply.callNotFound();
}

/** A page of the web app itself: the fallback answers every page it does not know with index.html. */
function webAppPage(reply: FastifyReply) {
  return reply.callNotFound();
}

/**
 * The links printed in QR codes and shared by people, outside /api: `/q/<code>` and `/@<ztartag>`.
 * Fixed routes, so the web app's fallback (which answers every other page with index.html)
 * never sees them. No zod schemas: a bad code or tag is a page that does not exist, not a 400.
 */
export const publicQrRoutes: FastifyPluginAsync<{ context: AppContext }> = async (app, { context }) => {
  app.get<{ Params: { code: string } }>('/q/:code', { schema: { hide: true } }, async (request, reply) => {
    const { code } = request.params;
    if (!QR_SHORT_CODE_PATTERN.test(code)) return notFoundPage(reply);
    const qr = await findLiveQrCode(context.db, code);
    if (!qr) return notFoundPage(reply);
    const position = positionOfQuery(request.query);
    const scanner = await scannerOf(context, request);
    const target = resolveTarget(context, qr, { position, userLevel: scanner.userLevel });
    // A HEAD (link previews, uptime checks) is nobody scanning.
    if (request.method === 'GET') {
      await countScan(context.db, qr.row.id, context.now());
      // Someone signed in finds the scan in their own activity: whose code it was, nothing of where.
      if (scanner.userId) {
        await recordAudit(context.db, request, {
          userId: scanner.userId,
          actionType: 'qr_scanned',
          resource: `qr_code:${qr.row.id}`,
          metadata: { ztartag: qr.receiver.ztartag },
        });
      }
    }
    return reply.header('cache-control', NO_STORE).redirect(destinationOf(qr, target, position), 302);
  });

  // The public profile (decision 0029): the web app's page, with its tip button. An unknown tag
  // is the not-found page with status 404.
  app.get<{ Params: { ztartag: string } }>(
    '/@:ztartag',
    { schema: { hide: true } },
    async (request, reply) => {
      const tag = request.params.ztartag;
      if (!ZTARTAG_PATTERN.test(tag.toLowerCase())) return notFoundPage(reply);
      try {
        await findPublicProfile(context.db, tag);
      } catch (error) {
        if (isAppError(error) && error.code === 'not_found') return notFoundPage(reply);
        throw error;
      }
      return webAppPage(reply);
    },
  );
};
