import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { PlatformKey } from '@agrihub/contract';
import { producers } from '../../db/schema/index.js';
import { notifyStatusChange } from './notify.js';

/**
 * The producer's accounts are mailed when it is approved or closed (with the reason). Kept tiny:
 * the notifications module will take these events over.
 */
export default async function producerSubscribers(app: FastifyInstance) {
  const mail = async (
    platform: PlatformKey,
    producerId: number,
    status: 'approved' | 'closed',
    reason: string | null,
  ) => {
    const [p] = await app.db
      .select({ id: producers.id, name: producers.name })
      .from(producers)
      .where(eq(producers.id, producerId));
    if (p) await notifyStatusChange(app, app.log, platform, [p], status, reason);
  };
  app.events.on('producer.approved', (e) => mail(e.platform, e.producerId, 'approved', null));
  app.events.on('producer.closed', (e) => mail(e.platform, e.producerId, 'closed', e.reason));
}
