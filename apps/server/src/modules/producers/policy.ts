import type { SQL } from 'drizzle-orm';
import { allows, producerWriteRefusal, type Action } from '@agrihub/contract';
import { producers } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { ownedBy, platformOf, type RequestScope } from '../../lib/scope.js';

/** The producers table seen as an owned table: a producer owns its own row. */
export const producerOwner = { platform: producers.platform, producerId: producers.id };

/**
 * Which producers the scope reaches, as a WHERE condition: an administrator with `action` on
 * producer reaches every producer of the platform; anyone else only the own producer.
 * An administrator without the ability is refused (403); a user without a producer reaches none (404).
 */
export function reachableProducers(scope: RequestScope, action: Action): SQL {
  if (scope.isAdmin) {
    if (!allows(scope.user, action, 'producer')) throw new AppError(403, 'permission_denied');
    return platformOf(producers, scope);
  }
  if (scope.producerId === null) throw notFound();
  return ownedBy(producerOwner, { ...scope, producerId: scope.producerId });
}

/** A closed producer's own accounts change nothing of it (contract: producerWriteRefusal); an administrator may. */
export function assertMayEditProducer(scope: RequestScope, status: string): void {
  const refusal = scope.isAdmin ? null : producerWriteRefusal(status);
  if (refusal) throw new AppError(403, refusal);
}
