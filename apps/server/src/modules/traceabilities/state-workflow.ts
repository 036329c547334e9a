import { batchChainRecallState, batchState, type BatchState } from '@agrihub/contract';
import { traceabilities } from '../../db/schema/index.js';
import type { Workflow } from '../../lib/transition.js';
import { assertProducerWritable } from '../producers/guard.js';
import { stateOf } from './presenter.js';

/**
 * A batch's state (draft, published, on hold, recalled) is derived from `status`, `held_at` and
 * `recalled_at`; its producer moves it (the batch state table).
 */
export const batchWorkflow: Workflow<typeof traceabilities, BatchState> = {
  subject: 'traceability',
  machine: batchState,
  table: traceabilities,
  owner: traceabilities.producerId,
  ownerOf: (b) => b.producerId,
  stateOf,
  stateFields(to, from, reason) {
    const now = new Date();
    switch (to) {
      case 'published':
        return from === 'on_hold'
          ? { heldAt: null, holdReason: null, updatedAt: now }
          : { status: 'published', publishedAt: now, updatedAt: now };
      case 'on_hold':
        return { heldAt: now, holdReason: reason, updatedAt: now };
      case 'recalled':
        return { recalledAt: now, recallReason: reason, updatedAt: now };
      default:
        return { status: 'draft', updatedAt: now };
    }
  },
  // A closed producer's batches are read-only (403 producer_closed_readonly).
  beforeOwnerMove: async (tx, producerId) => {
    await assertProducerWritable(tx, producerId);
  },
};

/** The same table, row and fields, moved by a supply-chain recall (the administrator may recall any lot it reached). */
export const batchChainRecallWorkflow: Workflow<typeof traceabilities, BatchState> = {
  ...batchWorkflow,
  machine: batchChainRecallState,
};

/** The history action of a move (the web translates `history.<action>`). */
export function batchAction(from: BatchState, to: BatchState): string {
  if (to === 'published') return from === 'on_hold' ? 'release' : 'publish';
  if (to === 'on_hold') return 'hold';
  return to === 'recalled' ? 'recall' : 'update';
}
