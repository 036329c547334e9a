import { purchaseOrder as purchaseOrderMachine, type PurchaseOrderStatus } from '@agrihub/contract';
import { purchaseOrders } from '../../db/schema/index.js';
import type { Workflow } from '../../lib/transition.js';

type Table = typeof purchaseOrders;

/**
 * Purchase orders move through the contract's purchaseOrder machine (DESIGN §5.5): the state is the
 * `status` column; no producer owns an order (no owner moves); its authors (the creator and everyone
 * who saved an edit) may not make the moves the table marks `notByCreator` (approval). A
 * cancellation keeps its reason; an approval its approver and time; each move counts a version.
 */
export const purchaseOrderWorkflow: Workflow<Table, PurchaseOrderStatus> = {
  subject: 'purchase_order',
  machine: purchaseOrderMachine,
  table: purchaseOrders,
  // Orders belong to the platform, not to a producer: no account is ever their owner.
  owner: purchaseOrders.id,
  ownerOf: () => null,
  authoredBy: (row, userId) => row.createdBy === userId || row.editorIds.includes(userId),
  stateOf: (row) => row.status,
  stateFields: (to, _from, reason) => ({
    status: to,
    updatedAt: new Date(),
    ...(to === 'cancelled' ? { reason } : {}),
  }),
};
