import { and, asc, eq, inArray } from 'drizzle-orm';
import { PLATFORM_KEYS, type PlatformKey, type SaleChannelSyncStatus } from '@agrihub/contract';
import type { Config } from '../../config/env.js';
import type { Db } from '../client.js';
import {
  activity,
  producers,
  products,
  saleChannelReferences,
  saleChannelSyncLogs,
  saleChannels,
  users,
  type SaleChannelSnapshot,
  type SyncErrorDetail,
} from '../schema/index.js';
import { productMissing } from '../../modules/sale-channels/facts.js';
import { buildSnapshot, hasBatchOnSale } from '../../modules/sale-channels/sync/snapshot.js';
import { demoEmail } from './accounts.js';

const DAY = 86_400_000;

/** The demo accounts whose producers have demo products (seed/products.ts). */
const DEMO_PRODUCERS = ['producer', 'olduser'];

/** The producer itself: approved on the platform's own store, waiting on Shopee. */
const PRODUCER_CHANNELS = { approved: 'own_store', pending: 'shopee' } as const;

/** Channels a demo product (two photos) can meet, tried in this order for each product state. */
const PRODUCT_CHANNELS = ['tiktok_shop', 'voso', 'postmart', 'own_store'];

type ProductState = 'pending' | 'synced' | 'out_of_date' | 'error' | 'not_synced' | 'rejected' | 'closed';

/** Every state a product registration can be in, with what the demo says about it. */
const PRODUCT_STATES: { state: ProductState; daysAgo: number }[] = [
  { state: 'synced', daysAgo: 20 },
  { state: 'out_of_date', daysAgo: 18 },
  { state: 'error', daysAgo: 15 },
  { state: 'not_synced', daysAgo: 6 },
  { state: 'pending', daysAgo: 2 },
  { state: 'rejected', daysAgo: 10 },
  { state: 'closed', daysAgo: 25 },
];

const REJECT_REASON = 'Ảnh sản phẩm chụp chưa rõ bao bì và nhãn mác, vui lòng bổ sung ảnh mặt trước có nhãn.';
const CLOSE_REASON = 'Tạm ngừng bán trên kênh này trong mùa thấp điểm.';
/** What the channel answered when the demo's failed sync reached it. */
const CHANNEL_ERROR = 'kênh bán tạm thời không phản hồi (HTTP 503), vui lòng đồng bộ lại sau';

type ProductRow = typeof products.$inferSelect;
type ChannelRow = typeof saleChannels.$inferSelect;

interface Ctx {
  db: Db;
  config: Config;
  platform: PlatformKey;
  producerId: number;
  producerName: string;
  ownerId: number;
  adminId: number | null;
}

async function log(
  ctx: Ctx,
  refId: number,
  at: Date,
  row: {
    action: string;
    actorId: number | null;
    from: string | null;
    to: string;
    note?: string;
    diff?: Record<string, unknown>;
  },
) {
  await ctx.db.insert(activity).values({
    subjectType: 'sale_channel_reference',
    subjectId: refId,
    platform: ctx.platform,
    actorId: row.actorId,
    action: row.action,
    fromStatus: row.from,
    toStatus: row.to,
    note: row.note ?? null,
    diff: row.diff ?? {},
    createdAt: at,
  });
}

async function syncLog(
  ctx: Ctx,
  refId: number,
  status: SaleChannelSyncStatus,
  at: Date,
  errorDetail: SyncErrorDetail | null = null,
) {
  await ctx.db
    .insert(saleChannelSyncLogs)
    .values({ referenceId: refId, status, errorDetail, actorId: ctx.ownerId, createdAt: at });
}

/** The producer's own registration on a channel (approved or waiting), with its history. */
async function seedProducerRow(ctx: Ctx, channel: ChannelRow, approved: boolean, daysAgo: number, now: number) {
  const at = new Date(now - daysAgo * DAY);
  const [ref] = await ctx.db
    .insert(saleChannelReferences)
    .values({
      platform: ctx.platform,
      channelId: channel.id,
      producerId: ctx.producerId,
      referenceableType: 'producer',
      productId: null,
      registerStatus: approved ? 'approved' : 'pending',
      createdBy: ctx.ownerId,
      createdAt: at,
      updatedAt: approved ? new Date(at.getTime() + DAY) : at,
    })
    .returning({ id: saleChannelReferences.id });
  await log(ctx, ref.id, at, {
    action: 'register',
    actorId: ctx.ownerId,
    from: null,
    to: 'pending',
    diff: { channel_id: channel.id },
  });
  if (approved) {
    await log(ctx, ref.id, new Date(at.getTime() + DAY), {
      action: 'approve',
      actorId: ctx.adminId,
      from: 'pending',
      to: 'approved',
      diff: { register_status: 'approved' },
    });
  }
}

/** One product registration in `state`, with the history and sync log that led there. */
async function seedProductRow(
  ctx: Ctx,
  channel: ChannelRow,
  product: ProductRow,
  state: ProductState,
  daysAgo: number,
  now: number,
) {
  const registered = new Date(now - daysAgo * DAY);
  const reviewed = new Date(registered.getTime() + DAY);
  const synced = new Date(registered.getTime() + DAY + 3_600_000);
  const registerStatus =
    state === 'pending' ? 'pending' : state === 'rejected' ? 'rejected' : state === 'closed' ? 'closed' : 'approved';
  const wasSynced = state === 'synced' || state === 'out_of_date' || state === 'closed';
  let snapshot: SaleChannelSnapshot | null = null;
  if (wasSynced) {
    snapshot = buildSnapshot(ctx.config, {
      product,
      producerName: ctx.producerName,
      inStock: await hasBatchOnSale(ctx.db, product.id),
    });
    // Out of date: the listing still shows the price before the producer's last change.
    if (snapshot && state === 'out_of_date') snapshot = { ...snapshot, price_vnd: (product.priceCents ?? 0) - 10_000 };
  }
  const lastErrorDetail: SyncErrorDetail | null = state === 'error' ? { adapter: CHANNEL_ERROR } : null;
  const syncStatus: SaleChannelSyncStatus =
    state === 'synced'
      ? 'synced'
      : state === 'out_of_date'
        ? 'out_of_date'
        : state === 'error'
          ? 'error'
          : 'not_synced';
  const closedAt = new Date(synced.getTime() + 7 * DAY);
  const [ref] = await ctx.db
    .insert(saleChannelReferences)
    .values({
      platform: ctx.platform,
      channelId: channel.id,
      producerId: ctx.producerId,
      referenceableType: 'product',
      productId: product.id,
      registerStatus,
      reason: state === 'rejected' ? REJECT_REASON : state === 'closed' ? CLOSE_REASON : null,
      syncStatus,
      lastSyncedAt: wasSynced ? synced : null,
      lastErrorDetail,
      snapshot,
      createdBy: ctx.ownerId,
      createdAt: registered,
      updatedAt: state === 'pending' ? registered : state === 'closed' ? closedAt : reviewed,
    })
    .returning({ id: saleChannelReferences.id });

  await log(ctx, ref.id, registered, {
    action: 'register',
    actorId: ctx.ownerId,
    from: null,
    to: 'pending',
    diff: { channel_id: channel.id },
  });
  if (state === 'pending') return;
  if (state === 'rejected') {
    await log(ctx, ref.id, reviewed, {
      action: 'reject',
      actorId: ctx.adminId,
      from: 'pending',
      to: 'rejected',
      note: REJECT_REASON,
      diff: { register_status: 'rejected' },
    });
    return;
  }
  await log(ctx, ref.id, reviewed, {
    action: 'approve',
    actorId: ctx.adminId,
    from: 'pending',
    to: 'approved',
    diff: { register_status: 'approved' },
  });
  if (wasSynced) await syncLog(ctx, ref.id, 'synced', synced);
  if (state === 'out_of_date') await syncLog(ctx, ref.id, 'out_of_date', new Date(synced.getTime() + 5 * DAY));
  if (state === 'error') await syncLog(ctx, ref.id, 'error', synced, lastErrorDetail);
  if (state === 'closed') {
    await log(ctx, ref.id, closedAt, {
      action: 'close',
      actorId: ctx.ownerId,
      from: 'approved',
      to: 'closed',
      note: CLOSE_REASON,
      diff: { register_status: 'closed' },
    });
  }
}

async function seedProducer(
  db: Db,
  config: Config,
  platform: PlatformKey,
  local: string,
  adminId: number | null,
  now: number,
) {
  const [owner] = await db
    .select({ id: users.id, producerId: users.producerId })
    .from(users)
    .where(and(eq(users.platform, platform), eq(users.email, demoEmail(local, platform))));
  if (!owner?.producerId) return;
  const [producer] = await db.select().from(producers).where(eq(producers.id, owner.producerId));
  if (producer?.status !== 'approved') return;
  const [already] = await db
    .select({ id: saleChannelReferences.id })
    .from(saleChannelReferences)
    .where(eq(saleChannelReferences.producerId, producer.id))
    .limit(1);
  if (already) return;
  const own = await db
    .select()
    .from(products)
    .where(and(eq(products.producerId, producer.id), eq(products.status, 'approved')))
    .orderBy(asc(products.id));
  if (!own.length) return;
  const channels = await db.select().from(saleChannels).where(eq(saleChannels.platform, platform));
  const byCode = new Map(channels.map((c) => [c.code, c]));
  const ctx: Ctx = {
    db,
    config,
    platform,
    producerId: producer.id,
    producerName: producer.name,
    ownerId: owner.id,
    adminId,
  };

  const approvedOn = byCode.get(PRODUCER_CHANNELS.approved);
  const pendingOn = byCode.get(PRODUCER_CHANNELS.pending);
  if (approvedOn) await seedProducerRow(ctx, approvedOn, true, 30, now);
  if (pendingOn) await seedProducerRow(ctx, pendingOn, false, 1, now);

  // Each state on a (channel, product) pair the product meets (a registration is only ever
  // submitted complete), one registration per channel and product.
  const used = new Set<string>();
  const candidates = PRODUCT_CHANNELS.map((code) => byCode.get(code)).filter((c): c is ChannelRow => !!c);
  for (const [i, { state, daysAgo }] of PRODUCT_STATES.entries()) {
    let placed = false;
    for (const channel of candidates) {
      for (let k = 0; k < own.length && !placed; k++) {
        const product = own[(i + k) % own.length];
        const key = `${channel.id}:${product.id}`;
        if (used.has(key) || productMissing(channel.requirements, product).length) continue;
        used.add(key);
        await seedProductRow(ctx, channel, product, state, daysAgo, now);
        placed = true;
      }
      if (placed) break;
    }
  }
}

/**
 * Demo sales channel registrations (DESIGN §5.3) for each platform's demo producers with products:
 * the producer approved on the platform's store and waiting on Shopee; its products registered in
 * every state — waiting, approved and synced (the snapshot the sync builds), out of date (listed at
 * an older price), failed (last_error), approved not yet synced, rejected and closed with their
 * reasons — with the history and sync log of each. Idempotent: a producer that already has
 * registrations is left alone. Runs after the demo products and batches.
 */
export async function seedSaleChannelReferences(db: Db, config: Config, now = Date.now()): Promise<void> {
  for (const platform of PLATFORM_KEYS) {
    const [admin] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.platform, platform), inArray(users.email, [demoEmail('admin', platform)])));
    for (const local of DEMO_PRODUCERS) await seedProducer(db, config, platform, local, admin?.id ?? null, now);
  }
}
