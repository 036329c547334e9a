import type { FastifyRequest } from 'fastify';
import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isAdministrator, type PlatformKey } from '@agrihub/contract';
import { currentUser, type UserRow } from '../plugins/auth.js';
import { forbidden } from './errors.js';

/**
 * Who asks and where: the request's platform, the signed-in user, and the user's producer (null
 * for administrators and for users who have not created one). Built once per request.
 */
export interface RequestScope {
  platform: PlatformKey;
  user: UserRow;
  userId: number;
  producerId: number | null;
  isAdmin: boolean;
}

/** A scope that acts for one producer (its own products, batches, uploads). */
export type ProducerScope = RequestScope & { producerId: number };

/** What the ownership helpers need: a platform, and a producer for ownedBy. */
export interface PlatformOnly {
  platform: string;
}
export interface OwnerRef extends PlatformOnly {
  producerId: number;
}

const built = new WeakMap<FastifyRequest, RequestScope>();

/** The request's scope (401 without a signed-in user). */
export function requestScope(req: FastifyRequest): RequestScope {
  let scope = built.get(req);
  if (!scope) {
    const user = currentUser(req);
    scope = {
      platform: req.platform,
      user,
      userId: user.id,
      producerId: user.producerId ?? null,
      isAdmin: isAdministrator(user),
    };
    built.set(req, scope);
  }
  return scope;
}

/** The request's scope as a producer: 403 forbidden for a user without a producer (administrators have none). */
export function producerScope(req: FastifyRequest): ProducerScope {
  const scope = requestScope(req);
  if (scope.producerId === null) throw forbidden();
  return scope as ProducerScope;
}

/** A table (or a column mapping) with a platform column. */
interface HasPlatform {
  platform: AnyPgColumn;
}
/** A table with platform and producer_id columns; for `producers` itself pass `{ platform, producerId: producers.id }`. */
interface HasOwner extends HasPlatform {
  producerId: AnyPgColumn;
}

/** Rows of this platform (what an administrator of the platform reaches). */
export function platformOf(table: HasPlatform, scope: PlatformOnly): SQL {
  return eq(table.platform, scope.platform);
}

/** Rows owned by the scope's producer on the scope's platform. */
export function ownedBy(table: HasOwner, scope: OwnerRef): SQL {
  return and(eq(table.platform, scope.platform), eq(table.producerId, scope.producerId))!;
}

/** ownedBy when the scope names a producer, platformOf when it does not (an administrator's query). */
export function visibleIn(table: HasOwner, scope: PlatformOnly & { producerId?: number | null }): SQL {
  return scope.producerId == null
    ? platformOf(table, scope)
    : ownedBy(table, { ...scope, producerId: scope.producerId });
}
