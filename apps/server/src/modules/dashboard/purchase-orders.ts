import { and, count, eq } from 'drizzle-orm';
import type { PlatformKey } from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import { purchaseOrders } from '../../db/schema/index.js';

/**
 * Purchase orders waiting for approval (status processing: the table's only move to approved).
 * Asked only on platforms with purchase orders (the route checks the feature first).
 */
export async function purchaseOrdersToApprove(db: Db, platform: PlatformKey): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.platform, platform), eq(purchaseOrders.status, 'processing')));
  return row.n;
}
