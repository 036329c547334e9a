import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { PLATFORMS } from '@agrihub/contract';
import { producers, products, traceabilities } from '../../db/schema/index.js';
import type { DomainEventType, EventOf } from '../../lib/domain-events.js';
import { account, deliver, producerAccounts } from './deliver.js';

/** Deep links of the web app (apps/web/src/config/paths.ts) the notifications open. */
const LINKS = {
  account: '/account-setup',
  product: (id: number) => `/products/${id}`,
  batch: (id: number) => `/product-batches/${id}`,
};

async function producerName(app: FastifyInstance, platform: string, id: number) {
  const [p] = await app.db
    .select({ name: producers.name })
    .from(producers)
    .where(and(eq(producers.id, id), eq(producers.platform, platform)));
  return p?.name ?? null;
}

async function productOf(app: FastifyInstance, platform: string, id: number) {
  const [p] = await app.db
    .select({ name: products.name, producerId: products.producerId })
    .from(products)
    .where(and(eq(products.id, id), eq(products.platform, platform)));
  return p ?? null;
}

/**
 * Notifications from domain events (DESIGN §5.1): the producer's accounts hear about their
 * producer, products and batches, a user about its own password. Events are published after the
 * change committed; the reason they carry is the one the producer may read (never an internal note).
 */
export default async function notificationSubscribers(app: FastifyInstance) {
  // One event after the other, in the order they were published: a producer approved then closed
  // gets its notifications and mails in that order.
  let previous: Promise<void> = Promise.resolve();
  const on = <T extends DomainEventType>(type: T, handler: (e: EventOf<T>) => Promise<void>) =>
    app.events.on(type, (e) => {
      const run = previous.then(() => handler(e));
      previous = run.catch(() => undefined);
      return run;
    });

  const producerStatus = async (e: EventOf<'producer.approved'> | EventOf<'producer.closed'>) => {
    const producer = await producerName(app, e.platform, e.producerId);
    if (producer === null) return;
    await deliver(app, await producerAccounts(app, e.platform, e.producerId), {
      platform: e.platform,
      type: e.type,
      params: {
        producer,
        platform: PLATFORMS[e.platform].name,
        ...(e.type === 'producer.closed' ? { reason: e.reason } : {}),
      },
      link: LINKS.account,
    });
  };
  on('producer.approved', producerStatus);
  on('producer.closed', producerStatus);

  const productReview = async (e: EventOf<'product.approved'> | EventOf<'product.rejected'>) => {
    const product = await productOf(app, e.platform, e.productId);
    if (!product) return;
    await deliver(app, await producerAccounts(app, e.platform, product.producerId), {
      platform: e.platform,
      type: e.type,
      params: { product: product.name, ...(e.type === 'product.rejected' ? { reason: e.reason } : {}) },
      link: LINKS.product(e.productId),
    });
  };
  on('product.approved', productReview);
  on('product.rejected', productReview);

  on('batch.recalled', async (e) => {
    const [batch] = await app.db
      .select({
        lotCode: traceabilities.lotCode,
        productId: traceabilities.productId,
        producerId: traceabilities.producerId,
      })
      .from(traceabilities)
      .where(and(eq(traceabilities.id, e.batchId), eq(traceabilities.platform, e.platform)));
    if (!batch) return;
    const product = await productOf(app, e.platform, batch.productId);
    await deliver(app, await producerAccounts(app, e.platform, batch.producerId), {
      platform: e.platform,
      type: e.type,
      params: { batch: batch.lotCode, product: product?.name ?? '', reason: e.reason },
      link: LINKS.batch(e.batchId),
    });
  });

  on('user.password_changed', async (e) => {
    const recipients = await account(app, e.platform, e.userId);
    await deliver(app, recipients, {
      platform: e.platform,
      type: e.type,
      params: { email: recipients[0]?.email ?? '', platform: PLATFORMS[e.platform].name },
      link: LINKS.account,
    });
  });
}
