import type { FastifyInstance, FastifyRequest } from 'fastify';
import { translate } from '@agrihub/contract';
import { forbidden } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { publicBaseUrl } from '../../lib/public-url.js';
import { currentUser } from '../../plugins/auth.js';
import { skuTaken } from './save.js';

/** The signed-in producer's scope; users without a producer (administrators) have no products. */
export function producerScope(req: FastifyRequest): { platform: typeof req.platform; producerId: number } {
  const user = currentUser(req);
  if (!user.producerId) throw forbidden();
  return { platform: req.platform, producerId: user.producerId };
}

export const baseOf = (app: FastifyInstance, req: FastifyRequest) => publicBaseUrl(req, app.config);
export const note = (req: FastifyRequest, key: string) => ({ message: translate(req.locale, key) });

/** A unique-key race on the SKU index surfaces as the same 409 as the pre-check. */
export function mapSkuRace(err: unknown): never {
  if (isUniqueViolation(err, 'products_producer_sku_uq')) throw skuTaken();
  throw err;
}

/**
 * Public trace pages of the product's batches show its name, images and GTIN: drop their cached
 * lookups after a change (the trace-state plugin may be absent in a partial app, hence the guard).
 */
export function invalidateTracePages(app: FastifyInstance, productId: number): void {
  (app as { traceCache?: { invalidateProduct(id: number): void } }).traceCache?.invalidateProduct(productId);
}
