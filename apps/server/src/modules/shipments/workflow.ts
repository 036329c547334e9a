import { shipmentFlow, type ShipmentStatus } from '@agrihub/contract';
import { shipments } from '../../db/schema/index.js';
import type { DomainEvent } from '../../lib/domain-events.js';
import type { ProducerScope } from '../../lib/scope.js';
import type { Workflow } from '../../lib/transition.js';
import { assertProducerWritable } from '../producers/guard.js';

type Table = typeof shipments;

const stateFields = (to: ShipmentStatus, _from: ShipmentStatus, reason: string | null) => ({
  status: to,
  updatedAt: new Date(),
  ...(to === 'cancelled' ? { cancelReason: reason } : {}),
  ...(to === 'refused' ? { refusalReason: reason } : {}),
});

/** The sender's side of a shipment (contract shipmentFlow): its producer cancels it while it is sent. */
export const senderWorkflow: Workflow<Table, ShipmentStatus> = {
  subject: 'shipment',
  machine: shipmentFlow,
  table: shipments,
  owner: shipments.producerId,
  ownerOf: (row) => row.producerId,
  stateOf: (row) => row.status,
  stateFields,
  beforeOwnerMove: async (tx, producerId) => {
    await assertProducerWritable(tx, producerId);
  },
};

/** The receiver's side: the producer it is addressed to receives or refuses it. */
export const receiverWorkflow: Workflow<Table, ShipmentStatus> = {
  ...senderWorkflow,
  owner: shipments.receiverProducerId,
  ownerOf: (row) => row.receiverProducerId,
  relation: 'receiver',
};

/** The `shipment.moved` event of a move to `to` by `actor`, with the reason that state keeps. */
export const movedEvent =
  (actor: ProducerScope, to: ShipmentStatus) =>
  (after: Table['$inferSelect'], from: ShipmentStatus): DomainEvent => ({
    type: 'shipment.moved',
    platform: actor.platform,
    shipmentId: after.id,
    producerId: after.producerId,
    receiverProducerId: after.receiverProducerId,
    actorId: actor.userId,
    from,
    to,
    reason: to === 'cancelled' ? after.cancelReason : to === 'refused' ? after.refusalReason : null,
  });
