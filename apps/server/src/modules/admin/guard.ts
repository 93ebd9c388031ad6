import { ADMIN_ROUTE_CAPABILITIES } from '@ztart/shared/contracts/admin';
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

/** requireCapability with the capability ADMIN_ROUTE_CAPABILITIES names for the route that matched. */
export function requireRouteCapability(
  request: FastifyRequest,
  reply: FastifyReply,
  context: AppContext,
): Promise<Authorized> {
  const route = `${request.method} ${request.routeOptions.url}`;
  const capability = (ADMIN_ROUTE_CAPABILITIES as Record<string, Capability>)[route];
  if (!capability) throw new Error(`no capability listed for ${route}`);
  return requireCapability(request, reply, context, capability);
}

export function forbidden(details: { capability: Capability } | { permission: string }): AppError {
  return new AppError('forbidden', { details });
}
