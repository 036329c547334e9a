import type { SQL } from 'drizzle-orm';
import { allows } from '@agrihub/contract';
import { products, traceabilities, votes } from '../../db/schema/index.js';
import { AppError, forbidden } from '../../lib/errors.js';
import type { ListSpec } from '../../lib/list.js';
import { ownedBy, platformOf, type RequestScope } from '../../lib/scope.js';

/**
 * Whose votes the scope lists (a condition on the voted batch): an administrator with `read
 * product` every batch of the platform (403 without it); a producer its own batches (403 for a
 * user without a producer).
 */
export function votesReachable(scope: RequestScope): SQL {
  if (scope.isAdmin) {
    if (!allows(scope.user, 'read', 'product')) throw new AppError(403, 'permission_denied');
    return platformOf(traceabilities, scope);
  }
  if (scope.producerId === null) throw forbidden();
  return ownedBy(traceabilities, { ...scope, producerId: scope.producerId });
}

/** The vote list: sorts of the contract's VOTE_SORT_FIELDS; q in lot code, product name and comment. */
export const VOTE_LIST: ListSpec<'created_at' | 'rating'> = {
  sorts: { created_at: votes.createdAt, rating: votes.rating },
  search: [traceabilities.lotCode, products.name, votes.comment],
  tiebreak: votes.id,
};
