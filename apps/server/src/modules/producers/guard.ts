import { eq } from 'drizzle-orm';
import { producerWriteRefusal, type ApprovalStatus } from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import { producers } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';

/**
 * The producer's status, read inside the caller's write transaction with a share lock: an
 * administrator closing the producer waits for the write, and a write after the close sees it.
 * A closed producer writes nothing (contract: producerWriteRefusal): 403 producer_closed_readonly.
 */
export async function assertProducerWritable(tx: Db | Tx, producerId: number): Promise<ApprovalStatus> {
  const [row] = await tx
    .select({ status: producers.status })
    .from(producers)
    .where(eq(producers.id, producerId))
    .limit(1)
    .for('share');
  if (!row) throw notFound();
  const refusal = producerWriteRefusal(row.status);
  if (refusal) throw new AppError(403, refusal);
  return row.status;
}
