import fp from 'fastify-plugin';
import type { Tx } from '../db/client.js';
import type { DomainEvent, DomainEventType, Emit, EventOf } from '../lib/domain-events.js';

type Handler<T extends DomainEventType> = (event: EventOf<T>) => Promise<void> | void;

export interface EventBus {
  /** Subscribes to one event type; a handler that throws is logged and never undoes the change. */
  on<T extends DomainEventType>(type: T, handler: Handler<T>): void;
  /** Hands events to their handlers in the background (call only after the change has committed). */
  publish(events: readonly DomainEvent[]): void;
  /**
   * Runs `work` in one transaction and publishes what it emitted once it has committed; a
   * rolled-back transaction publishes nothing.
   */
  transaction<T>(work: (tx: Tx, emit: Emit) => Promise<T>): Promise<T>;
  /** Resolves when every handler started so far has finished (tests, shutdown). */
  drain(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    events: EventBus;
  }
}

export default fp(async function events(app) {
  const handlers = new Map<DomainEventType, Handler<DomainEventType>[]>();
  const inFlight = new Set<Promise<void>>();

  const run = (event: DomainEvent) => {
    for (const handler of handlers.get(event.type) ?? []) {
      const p = (async () => {
        try {
          await handler(event);
        } catch (err) {
          app.log.error({ err, event: event.type }, 'domain event handler failed');
        }
      })();
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    }
  };

  const bus: EventBus = {
    on(type, handler) {
      handlers.set(type, [...(handlers.get(type) ?? []), handler as unknown as Handler<DomainEventType>]);
    },
    publish(list) {
      for (const event of list) run(event);
    },
    async transaction(work) {
      const emitted: DomainEvent[] = [];
      const result = await app.db.transaction((tx) => work(tx, (e) => emitted.push(e)));
      bus.publish(emitted);
      return result;
    },
    async drain() {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
  };

  app.decorate('events', bus);
  // Handlers still running finish before the database closes.
  app.addHook('onClose', async () => bus.drain());
});
