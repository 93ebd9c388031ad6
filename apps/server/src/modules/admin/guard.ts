import { type Capability, hasCapability, type StoredRole } from '@ztart/shared/roles';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { requireSignIn, type SignedIn } from '../auth/session-plugin.ts';
import { rolesOf } from '../profiles/service.ts';

export type Authorized = SignedIn & { roles: StoredRole[] };

/**
 * The one server guard of the admin area, the meta dashboard and the observatory: signed in
 * (else 401), and one of the person's roles has `capability` in the shared table of roles.ts
 * (else 403 `forbidden` with `details: { capability }`). While impersonating, the request is the
 * person's, so it has the person's capabilities, not the admin's.
 */
export async function requireCapability(
  request: FastifyRequest,
  reply: FastifyReply,
  context: AppContext,
  capability: Capability,
): Promise<Authorized> {
  const signedIn = requireSignIn(request, reply, context);
  const roles = await rolesOf(context.db, signedIn.user.id);
  if (!hasCapability(roles, capability)) throw forbidden({ capability });
  return { ...signedIn, roles };
}

export function forbidden(details: { capability: Capability } | { permission: string }): AppError {
  return new AppError('forbidden', { details });
}
