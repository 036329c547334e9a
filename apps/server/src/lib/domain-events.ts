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
  | { type: 'user.password_changed'; platform: PlatformKey; userId: number };

export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;
export type Emit = (event: DomainEvent) => void;
