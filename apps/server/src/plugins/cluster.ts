import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import { PLATFORM_KEYS } from '@agrihub/contract';
import type { Db, Tx } from '../db/client.js';

/**
 * The cluster bus (ADR docs/decisions/025-cluster-cache-notices.md): how the nodes of one
 * PostgreSQL database tell each other that public data they may have cached has changed.
 *
 * A write that changes what a cache holds says so twice:
 * - inside its transaction, `tell(tx, change)` → `pg_notify('agrihub_changes', json)`: PostgreSQL
 *   delivers it to every listening node when (and only if) the transaction commits;
 * - after the commit, `apply(change)` on the writing node, so its own next request sees the write
 *   whatever the listener does.
 * Every node (the writer too) applies each notice it hears exactly as a local write does; applying
 * a change twice only drops an entry twice. A node whose listening connection drops forgets all it
 * has cached (`reset`) when it loses the connection and again once it listens again, since notices
 * sent meanwhile are lost; it reconnects with backoff.
 *
 * On PGlite there is one process per data folder (db/folder-lock.ts), hence one node: `tell` does
 * nothing and the local `apply` is the whole mechanism.
 */
export const CLUSTER_CHANNEL = 'agrihub_changes';

/** What changed, as small as a notice can say it (a payload must stay under 8000 bytes). */
export const cacheChange = z.discriminatedUnion('kind', [
  /** A write to one batch (edit, event, publish, hold, release, recall, vote): its public code. */
  z.object({ kind: z.literal('batch'), code: z.string().min(1) }),
  /** A product changed (edit, SKU, approval…): every batch of it. */
  z.object({ kind: z.literal('product'), id: z.number().int() }),
  /** A producer changed (profile, status, deletion): every batch of it. */
  z.object({ kind: z.literal('producer'), id: z.number().int() }),
  /** A platform's settings (contact details, widgets) were saved. */
  z.object({ kind: z.literal('settings'), platform: z.enum(PLATFORM_KEYS) }),
]);
export type CacheChange = z.infer<typeof cacheChange>;

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7999;

export interface ListenerState {
  /** The listening connection is up and LISTENs. */
  connected: boolean;
  /** Successful LISTENs so far (1 after a clean start; each reconnection adds one). */
  connects: number;
  /** Times the caches were dropped because notices may have been missed. */
  resets: number;
  /** Notices received and applied. */
  received: number;
  /** The server process of the listening connection (pg_stat_activity.pid), null while down. */
  pid: number | null;
}

export interface ClusterBus {
  /** 'postgres': notices through LISTEN/NOTIFY; 'local': one node (PGlite), writes apply in process only. */
  readonly mode: 'local' | 'postgres';
  /** How this node's caches apply a change (registered by the plugins that own a cache). */
  onChange(handler: (change: CacheChange) => void): void;
  /** How this node's caches forget everything (notices may have been missed). */
  onReset(handler: () => void): void;
  /** Applies a change to this node's caches: call after the write has committed. */
  apply(change: CacheChange): void;
  /** Inside the writing transaction: tells every node once it commits (nothing on PGlite). */
  tell(tx: Tx | Db, change: CacheChange): Promise<void>;
  /** The listening connection (PostgreSQL only; always disconnected in 'local' mode). */
  readonly listener: Readonly<ListenerState>;
}

declare module 'fastify' {
  interface FastifyInstance {
    cluster: ClusterBus;
  }
}

export interface ListenerOptions {
  url: string;
  channel: string;
  onNotice(payload: string): void;
  /** Called when notices may have been missed: the connection was lost, or came back after a loss. */
  onGap(): void;
  log: FastifyBaseLogger;
  /** First reconnection delay; doubled after each failure up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
}

/** One dedicated connection that LISTENs on the channel, reconnecting with backoff while the app runs. */
export class NoticeListener {
  readonly state: ListenerState = { connected: false, connects: 0, resets: 0, received: 0, pid: null };
  private client: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private failures = 0;
  private stopped = false;
  /** A time passed when this node was not listening (a loss, or a failed first connection). */
  private gap = false;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;

  constructor(private readonly opts: ListenerOptions) {
    this.baseDelayMs = opts.baseDelayMs ?? 100;
    this.maxDelayMs = opts.maxDelayMs ?? 5_000;
  }

  /** Connects and LISTENs; false (and retries in the background) when that fails. */
  async start(): Promise<boolean> {
    return this.connect();
  }

  private async connect(): Promise<boolean> {
    this.timer = null;
    if (this.stopped) return false;
    const client = new pg.Client({
      connectionString: this.opts.url,
      application_name: 'agrihub-listen',
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
    });
    // Until connected, a failure is handled by the catch below; 'error' must never go unheard.
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (msg) => {
      if (msg.channel !== this.opts.channel || msg.payload === undefined) return;
      this.state.received++;
      this.opts.onNotice(msg.payload);
    });
    this.client = client;
    let pid: number;
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(this.opts.channel)}`);
      pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
    } catch (err) {
      if (this.client === client) this.client = null;
      await client.end().catch(() => {});
      if (this.stopped) return false;
      this.opts.log.warn({ err }, 'cluster bus: cannot LISTEN; retrying');
      this.gap = true;
      this.retry();
      return false;
    }
    if (this.stopped || this.client !== client) {
      await client.end().catch(() => {});
      return false;
    }
    this.failures = 0;
    this.state.pid = pid;
    this.state.connected = true;
    this.state.connects++;
    if (this.gap) {
      // Whatever was told while this node was not listening is lost: forget everything cached.
      this.gap = false;
      this.reset();
      this.opts.log.info('cluster bus: listening again; caches dropped');
    }
    return true;
  }

  private reset() {
    this.state.resets++;
    this.opts.onGap();
  }

  /** The connection ended or failed: forget the caches now, and reconnect. */
  private lost(client: pg.Client) {
    if (this.client !== client) return;
    this.client = null;
    const wasConnected = this.state.connected;
    this.state.connected = false;
    this.state.pid = null;
    client.end().catch(() => {});
    if (this.stopped) return;
    if (wasConnected) {
      this.opts.log.warn('cluster bus: listening connection lost; caches dropped, reconnecting');
      this.gap = true;
      this.reset();
    }
    this.retry();
  }

  private retry() {
    if (this.stopped || this.timer) return;
    const delay = Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** this.failures);
    this.failures++;
    // Jitter, so the nodes of a restarted database do not all come back in the same millisecond.
    this.timer = setTimeout(() => void this.connect(), delay * (0.75 + Math.random() / 2));
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const client = this.client;
    this.client = null;
    this.state.connected = false;
    this.state.pid = null;
    if (client) await client.end().catch(() => {});
  }
}

export default fp(
  async function cluster(app) {
    const changeHandlers: ((change: CacheChange) => void)[] = [];
    const resetHandlers: (() => void)[] = [];
    const url = app.database.kind === 'postgres' ? app.database.url : undefined;

    const apply = (change: CacheChange) => {
      for (const handler of changeHandlers) {
        try {
          handler(change);
        } catch (err) {
          app.log.error({ err, change }, 'cluster bus: applying a change failed');
        }
      }
    };
    const reset = () => {
      for (const handler of resetHandlers) {
        try {
          handler();
        } catch (err) {
          app.log.error({ err }, 'cluster bus: dropping the caches failed');
        }
      }
    };

    const listener = url
      ? new NoticeListener({
          url,
          channel: CLUSTER_CHANNEL,
          log: app.log,
          onGap: reset,
          onNotice(payload) {
            let change: CacheChange;
            try {
              change = cacheChange.parse(JSON.parse(payload));
            } catch (err) {
              app.log.warn({ err, payload: payload.slice(0, 200) }, 'cluster bus: notice not understood; ignored');
              return;
            }
            apply(change);
          },
        })
      : null;

    const bus: ClusterBus = {
      mode: listener ? 'postgres' : 'local',
      onChange: (handler) => void changeHandlers.push(handler),
      onReset: (handler) => void resetHandlers.push(handler),
      apply,
      async tell(tx, change) {
        if (!listener) return;
        const payload = JSON.stringify(change);
        if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error('cluster notice too large');
        await tx.execute(sql`select pg_notify(${CLUSTER_CHANNEL}, ${payload})`);
      },
      listener: listener?.state ?? { connected: false, connects: 0, resets: 0, received: 0, pid: null },
    };
    app.decorate('cluster', bus);

    if (listener) {
      // Listening before the app serves (and before the trace warmer fills its cache); a database
      // that refuses the connection now does not stop the start: the listener retries meanwhile.
      app.addHook('onReady', async () => {
        await listener.start();
      });
      app.addHook('onClose', async () => listener.stop());
    }
  },
  { name: 'cluster' },
);
