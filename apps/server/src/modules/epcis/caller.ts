import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { producers } from '../../db/schema/index.js';
import { producerScope } from '../../lib/scope.js';

/** Who calls `/epcis`: the producer whose events it reads or writes, and the name its captures carry. */
export interface EpcisCaller {
  platform: string;
  producerId: number;
  /** The capturing party's name on captured events: the API key's label, else the producer's name. */
  partyName: string;
}

/** The access rules of the binding's routes: reading, and capturing. */
export const READ_ACCESS = { access: 'user' } as const;
export const CAPTURE_ACCESS = { access: 'user' } as const;

/** The caller of an `/epcis` route (the route's access rule has already let it through). */
export async function epcisCaller(app: FastifyInstance, req: FastifyRequest): Promise<EpcisCaller> {
  const scope = producerScope(req);
  const [p] = await app.db.select({ name: producers.name }).from(producers).where(eq(producers.id, scope.producerId));
  return { platform: scope.platform, producerId: scope.producerId, partyName: p?.name ?? '' };
}
