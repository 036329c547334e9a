import type { PlatformKey } from '@agrihub/contract';

/**
 * What happened, told after the change has committed (DESIGN §5.1). Notifications, mails and
 * cache invalidation subscribe to these instead of each route calling them itself.
 * `reason` is the note the producer may read; an internal note never travels in an event.
 */
export type DomainEvent =
  | { type: 'producer.approved'; platform: PlatformKey; producerId: number; actorId: number | null }
  | { type: 'producer.closed'; platform: PlatformKey; producerId: number; actorId: number | null; reason: string }
  | { type: 'product.approved'; platform: PlatformKey; productId: number; producerId: number; actorId: number | null }
  | {
      type: 'product.rejected';
      platform: PlatformKey;
      productId: number;
      producerId: number;
      actorId: number | null;
      reason: string;
    }
  | {
      type: 'batch.recalled';
      platform: PlatformKey;
      batchId: number;
      producerId: number;
      actorId: number | null;
      reason: string;
    }
  /** A supply-chain recall (ADR 036 §7): one event per producer holding affected lots, told once. */
  | {
      type: 'chain.recalled';
      platform: PlatformKey;
      producerId: number;
      startLotCode: string;
      lotIds: number[];
      lotCodes: string[];
      actorId: number | null;
      reason: string;
    }
  | { type: 'user.password_changed'; platform: PlatformKey; userId: number }
  /** A user manager changed an account (`fields`: which, never their values), deactivated or reactivated it. */
  | {
      type: 'user.account_changed';
      platform: PlatformKey;
      userId: number;
      actorId: number;
      change: 'updated' | 'deactivated' | 'reactivated';
      fields: string[];
    }
  /**
   * Someone asked for a reset link for this active account (forgot password). Told once the answer
   * has gone, so a known address is answered as fast as an unknown one; `linkBase` is the public
   * address the request came to, the link's origin.
   */
  | { type: 'user.password_reset_requested'; platform: PlatformKey; userId: number; linkBase: string }
  /** A service request changed step; `reason` is null when the move had none or its note was internal. */
  | {
      type: 'service_request.step_changed';
      platform: PlatformKey;
      requestId: number;
      producerId: number;
      actorId: number | null;
      from: string;
      to: string;
      reason: string | null;
    }
  /** A note the producer may read was added (an internal note tells nobody); `byProducer`: the producer's reply. */
  | {
      type: 'service_request.note_added';
      platform: PlatformKey;
      requestId: number;
      producerId: number;
      noteId: number;
      actorId: number | null;
      byProducer: boolean;
    }
  /** Staff assigned a service request to `assigneeId` (never told when one assigns oneself). */
  | { type: 'service_request.assigned'; platform: PlatformKey; requestId: number; assigneeId: number; actorId: number }
  /** A new department registration (Foodmap register_department); the platform's admins and customer support hear of it. */
  | { type: 'department_registration.received'; platform: PlatformKey; requestId: number }
  /** A visitor sent the contact form (a lead); the platform's staff who handle messages hear of it. */
  | { type: 'client_message.received'; platform: PlatformKey; messageId: number }
  /** A sale channel registration moved through its table; `bySide` 'own' when its producer moved it. */
  | {
      type: 'sale_channel_reference.moved';
      platform: PlatformKey;
      referenceId: number;
      channelId: number;
      producerId: number;
      productId: number | null;
      actorId: number | null;
      bySide: 'own' | 'platform';
      from: string;
      to: string;
      reason: string | null;
    }
  /** A producer shipped to a partner on the platform (its receiver hears of it). */
  | {
      type: 'shipment.sent';
      platform: PlatformKey;
      shipmentId: number;
      producerId: number;
      receiverProducerId: number;
      actorId: number;
    }
  /** A shipment was received, refused (by its receiver) or cancelled (by its sender). */
  | {
      type: 'shipment.moved';
      platform: PlatformKey;
      shipmentId: number;
      producerId: number;
      receiverProducerId: number | null;
      actorId: number;
      from: string;
      to: string;
      reason: string | null;
    }
  /** A purchase order moved through its table (approved: mailed to the supplier, the creator told). */
  | {
      type: 'purchase_order.moved';
      platform: PlatformKey;
      orderId: number;
      actorId: number;
      from: string;
      to: string;
      reason: string | null;
    };

export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;
export type Emit = (event: DomainEvent) => void;
