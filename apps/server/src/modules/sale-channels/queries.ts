import { and, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import {
  allowedMoves,
  saleChannelRegistration,
  type Locale,
  type SaleChannelReference,
  type WorkflowActor,
} from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import {
  producers,
  products,
  saleChannelReferences,
  saleChannels,
  saleChannelSyncLogs,
  users,
} from '../../db/schema/index.js';
import { textSearch } from '../../lib/search.js';
import { productMissing } from './facts.js';
import { syncErrorText } from './sync/error-text.js';
import type { ReferenceRow } from './workflow.js';

const columns = {
  ref: saleChannelReferences,
  channel: {
    id: saleChannels.id,
    code: saleChannels.code,
    name: saleChannels.name,
    logoUrl: saleChannels.logoUrl,
    requirements: saleChannels.requirements,
    active: saleChannels.active,
  },
  producerName: producers.name,
  product: {
    id: products.id,
    name: products.name,
    gtin: products.gtin,
    images: products.images,
    status: products.status,
    priceCents: products.priceCents,
    description: products.description,
  },
};

/** A reference with what its answer shows: the channel, the producer's name and the product's facts. */
export interface ReferenceView {
  ref: ReferenceRow;
  channel: {
    id: number;
    code: string;
    name: string;
    logoUrl: string;
    requirements: typeof saleChannels.$inferSelect.requirements;
    active: boolean;
  };
  producerName: string;
  product: {
    id: number;
    name: string;
    gtin: string | null;
    images: typeof products.$inferSelect.images;
    status: typeof products.$inferSelect.status;
    priceCents: number | null;
    description: string | null;
  } | null;
}

function joined(db: Db | Tx) {
  return db
    .select(columns)
    .from(saleChannelReferences)
    .innerJoin(saleChannels, eq(saleChannels.id, saleChannelReferences.channelId))
    .innerJoin(producers, eq(producers.id, saleChannelReferences.producerId))
    .leftJoin(products, eq(products.id, saleChannelReferences.productId));
}

/** `q` over the product's name and GTIN, the producer's and the channel's names (accent-free). */
export function referenceSearch(q: string | undefined): SQL | undefined {
  return q ? textSearch(q, products.name, products.gtin, producers.name, saleChannels.name) : undefined;
}

/** One page of references matching `where` (conditions on the references, channels, producers and products). */
export async function findReferences(
  db: Db | Tx,
  where: SQL | undefined,
  page: { orderBy: SQL[]; limit: number; offset: number },
): Promise<{ views: ReferenceView[]; total: number }> {
  const views = await joined(db)
    .where(where)
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset);
  const [{ n }] = await db
    .select({ n: count() })
    .from(saleChannelReferences)
    .innerJoin(saleChannels, eq(saleChannels.id, saleChannelReferences.channelId))
    .innerJoin(producers, eq(producers.id, saleChannelReferences.producerId))
    .leftJoin(products, eq(products.id, saleChannelReferences.productId))
    .where(where);
  return { views, total: Number(n) };
}

/** Every reference matching `where`, in the given order (a product's registrations, an export). */
export function findAllReferences(db: Db | Tx, where: SQL | undefined, orderBy: SQL[]): Promise<ReferenceView[]> {
  return joined(db)
    .where(where)
    .orderBy(...orderBy);
}

/** One reference by id within `scope` (platform, and the producer on a producer's call), or undefined. */
export async function findReference(db: Db | Tx, id: number, scope: SQL): Promise<ReferenceView | undefined> {
  const [view] = await joined(db)
    .where(and(eq(saleChannelReferences.id, id), scope))
    .limit(1);
  return view;
}

/**
 * Counts per register status and per sync status under `where` (the list's filters without the
 * status filters, so the counters show every status of the current selection).
 */
export async function referenceCounts(
  db: Db | Tx,
  where: SQL | undefined,
): Promise<{ register_status: Record<string, number>; sync_status: Record<string, number> }> {
  const base = () =>
    db
      .select({
        register: saleChannelReferences.registerStatus,
        sync: saleChannelReferences.syncStatus,
        n: count(),
      })
      .from(saleChannelReferences)
      .innerJoin(saleChannels, eq(saleChannels.id, saleChannelReferences.channelId))
      .innerJoin(producers, eq(producers.id, saleChannelReferences.producerId))
      .leftJoin(products, eq(products.id, saleChannelReferences.productId))
      .where(where)
      .groupBy(saleChannelReferences.registerStatus, saleChannelReferences.syncStatus);
  const register_status: Record<string, number> = {};
  const sync_status: Record<string, number> = {};
  for (const row of await base()) {
    register_status[row.register] = (register_status[row.register] ?? 0) + Number(row.n);
    sync_status[row.sync] = (sync_status[row.sync] ?? 0) + Number(row.n);
  }
  return { register_status, sync_status };
}

/** A reference's sync log, newest first, with who synced; errors in the reader's language. */
export async function findSyncLog(db: Db | Tx, referenceId: number, locale: Locale) {
  const rows = await db
    .select({ log: saleChannelSyncLogs, actor: users.name })
    .from(saleChannelSyncLogs)
    .leftJoin(users, eq(users.id, saleChannelSyncLogs.actorId))
    .where(eq(saleChannelSyncLogs.referenceId, referenceId))
    .orderBy(desc(saleChannelSyncLogs.createdAt), desc(saleChannelSyncLogs.id))
    .limit(100);
  return rows.map(({ log, actor }) => ({
    id: log.id,
    status: log.status,
    error: syncErrorText(locale, log.errorDetail, log.error),
    actor: log.actorId ? (actor ?? '') : null,
    created_at: log.createdAt.toISOString(),
  }));
}

/**
 * A reference as the API answers it: `missing` is what the product lacks today for the channel
 * (empty for the producer's own registration), `allowed_moves` the viewer's moves in the table
 * (pass `isOwner` for the producer's side), `last_error` in the reader's language.
 */
export function presentReference(v: ReferenceView, viewer: WorkflowActor, locale: Locale): SaleChannelReference {
  const r = v.ref;
  return {
    id: r.id,
    channel: {
      id: v.channel.id,
      code: v.channel.code,
      name: v.channel.name,
      logo_url: v.channel.logoUrl,
      active: v.channel.active,
    },
    referenceable_type: r.referenceableType,
    producer: { id: r.producerId, name: v.producerName },
    product: v.product ? { id: v.product.id, name: v.product.name, gtin: v.product.gtin } : null,
    register_status: r.registerStatus,
    reason: r.reason,
    sync_status: r.syncStatus,
    last_synced_at: r.lastSyncedAt?.toISOString() ?? null,
    last_error: syncErrorText(locale, r.lastErrorDetail, r.lastError),
    missing: v.product ? productMissing(v.channel.requirements, v.product) : [],
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    allowed_moves: allowedMoves(saleChannelRegistration, r.registerStatus, viewer).map((m) => m.to),
  };
}

/** The list filters of the contract (`saleChannelReferenceFilters`) as parsed from a query. */
export interface ReferenceFilters {
  q?: string;
  channel_id?: number;
  referenceable_type?: (typeof saleChannelReferences.$inferSelect)['referenceableType'];
  register_status?: (typeof saleChannelReferences.$inferSelect)['registerStatus'];
  sync_status?: (typeof saleChannelReferences.$inferSelect)['syncStatus'];
  product_id?: number;
  out_of_date?: 'true' | 'false';
}

/**
 * The conditions of the list filters (besides the caller's scope). `statuses: false` leaves the
 * register and sync status filters out: the counters are counted under the other filters.
 */
export function referenceFilterWhere(
  f: ReferenceFilters,
  opts: { statuses: boolean } = { statuses: true },
): SQL | undefined {
  return and(
    f.channel_id ? eq(saleChannelReferences.channelId, f.channel_id) : undefined,
    f.referenceable_type ? eq(saleChannelReferences.referenceableType, f.referenceable_type) : undefined,
    f.product_id ? eq(saleChannelReferences.productId, f.product_id) : undefined,
    opts.statuses && f.register_status ? eq(saleChannelReferences.registerStatus, f.register_status) : undefined,
    opts.statuses && f.sync_status ? eq(saleChannelReferences.syncStatus, f.sync_status) : undefined,
    opts.statuses && f.out_of_date === 'true' ? eq(saleChannelReferences.syncStatus, 'out_of_date') : undefined,
    opts.statuses && f.out_of_date === 'false' ? ne(saleChannelReferences.syncStatus, 'out_of_date') : undefined,
    referenceSearch(f.q),
  );
}
