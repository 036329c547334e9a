/** Helpers the product routes share (the request scope itself is lib/scope.ts). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { translate, type PlatformKey } from '@agrihub/contract';
import type { Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { publicBaseUrl } from '../../lib/public-url.js';
import type { OwnerRef } from '../../lib/scope.js';
import { assertProducerWritable } from '../producers/guard.js';
import { gtinTaken } from './policy.js';
import { getProduct } from './queries.js';
import { skuTaken } from './save.js';
import { invalidateProductBatches, tellProduct } from '../trace-public/state.js';

export const baseOf = (app: FastifyInstance, req: FastifyRequest) => publicBaseUrl(req, app.config);
export const note = (req: FastifyRequest, key: string) => ({ message: translate(req.locale, key) });

/** A unique-key race on the SKU or GTIN index surfaces as the same 409 as the pre-check. */
export function mapSkuRace(err: unknown, gtin?: string | null): never {
  if (isUniqueViolation(err, 'products_producer_sku_uq')) throw skuTaken();
  if (isUniqueViolation(err, 'products_platform_gtin14_uq')) throw gtinTaken(gtin ?? '', null);
  throw err;
}

/**
 * A write by the producer: refused while the producer is closed (403 producer_closed_readonly),
 * then the product locked for update (404 unless it is the producer's).
 */
export async function lockOwnProduct(tx: Tx, scope: OwnerRef & { platform: PlatformKey }, id: number) {
  await assertProducerWritable(tx, scope.producerId);
  return getProduct(tx, scope, id, { forUpdate: true });
}

/**
 * Public trace pages of the product's batches show its name, images and GTIN: drop their cached
 * lookups after a change has committed (this node; `tellTracePages` inside the transaction tells
 * the others).
 */
export function invalidateTracePages(app: FastifyInstance, productId: number): void {
  invalidateProductBatches(app, productId);
}

/** Inside the transaction that changes a product: every node drops its batches' lookups once it commits. */
export const tellTracePages = (app: FastifyInstance, tx: Tx, productId: number) => tellProduct(app, tx, productId);
