import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { apiKeys } from '../../db/schema/index.js';
import { EpcisProblem } from './problems.js';

/** Who calls `/epcis`: the producer whose events it reads or writes, and the name its captures carry. */
export interface EpcisCaller {
  platform: string;
  producerId: number;
  /** The capturing party's name on captured events: the API key's label (the partner's system). */
  partyName: string;
}

/** The access rules of the binding's routes (ADR 039): a producer's API key, to read, or to capture. */
export const READ_ACCESS = { access: 'apikey', apiScope: 'read' } as const;
export const CAPTURE_ACCESS = { access: 'apikey', apiScope: 'capture' } as const;

/** The caller of an `/epcis` route: the API key the guard let through, and its label. */
export async function epcisCaller(app: FastifyInstance, req: FastifyRequest): Promise<EpcisCaller> {
  const key = req.apiKey;
  if (!key) throw new EpcisProblem(401, 'SecurityException', 'Unauthorised request', 'epcis_unauthenticated');
  const [row] = await app.db.select({ name: apiKeys.name }).from(apiKeys).where(eq(apiKeys.id, key.id));
  return { platform: key.platform, producerId: key.producerId, partyName: row?.name ?? key.prefix };
}
