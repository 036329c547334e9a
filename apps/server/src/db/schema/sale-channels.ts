import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  REFERENCEABLE_TYPES,
  SALE_CHANNEL_KINDS,
  SALE_CHANNEL_REGISTER_STATUSES,
  SALE_CHANNEL_SYNC_STATUSES,
  type MissingItem,
  type SaleChannelRequirements,
} from '@agrihub/contract';
import { producers, users } from './accounts.js';
import { products } from './catalog.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A platform's sales channels (DESIGN §5.3): marketplaces, social shops and the platform's own
 * store. `feed_token` makes the channel's product feed URL unguessable; rotating it retires the old URL.
 */
export const saleChannels = pgTable(
  'sale_channels',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: SALE_CHANNEL_KINDS }).notNull(),
    logoUrl: text('logo_url').notNull(),
    website: text('website').notNull().default(''),
    description: text('description').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    requirements: jsonb('requirements').$type<SaleChannelRequirements>().notNull(),
    active: boolean('active').notNull().default(true),
    feedToken: text('feed_token').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sale_channels_platform_code_uq').on(t.platform, t.code),
    uniqueIndex('sale_channels_feed_token_uq').on(t.feedToken),
  ],
);

/** The product as the channel's feed lists it, frozen at the last sync. */
export interface SaleChannelSnapshot {
  id: string;
  title: string;
  description: string;
  link: string;
  image_link: string | null;
  additional_image_links: string[];
  price_vnd: number;
  availability: 'in_stock' | 'out_of_stock';
  brand: string;
  gtin: string | null;
  condition: 'new';
}

/**
 * Why a sync failed, kept as facts and put in words in the reader's language when shown: what the
 * product lacks, or the channel adapter's own message (a marketplace's answer, not translated).
 */
export type SyncErrorDetail = { missing: MissingItem[] } | { adapter: string };

/**
 * A producer (product_id null) or one of its products registered to a channel (spec §3
 * register_status). The registration state moves through the contract's table; the sync state is
 * the channel adapter's and is kept apart.
 */
export const saleChannelReferences = pgTable(
  'sale_channel_references',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => saleChannels.id, { onDelete: 'restrict' }),
    producerId: integer('producer_id')
      .notNull()
      .references(() => producers.id, { onDelete: 'cascade' }),
    referenceableType: text('referenceable_type', { enum: REFERENCEABLE_TYPES }).notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    registerStatus: text('register_status', { enum: SALE_CHANNEL_REGISTER_STATUSES }).notNull().default('pending'),
    /** The reason of the last rejection or closing (shown to the producer). */
    reason: text('reason'),
    syncStatus: text('sync_status', { enum: SALE_CHANNEL_SYNC_STATUSES }).notNull().default('not_synced'),
    lastSyncedAt: ts('last_synced_at'),
    /** Text of a failure recorded before last_error_detail existed (shown only when there is no detail). */
    lastError: text('last_error'),
    lastErrorDetail: jsonb('last_error_detail').$type<SyncErrorDetail>(),
    snapshot: jsonb('snapshot').$type<SaleChannelSnapshot>(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // One registration per channel for the producer itself and per channel for each product.
    uniqueIndex('scr_producer_uq')
      .on(t.channelId, t.producerId)
      .where(sql`${t.productId} is null`),
    uniqueIndex('scr_product_uq')
      .on(t.channelId, t.productId)
      .where(sql`${t.productId} is not null`),
    index('scr_platform_status_idx').on(t.platform, t.registerStatus, t.createdAt),
    index('scr_sync_idx').on(t.channelId, t.syncStatus),
    index('scr_product_idx').on(t.productId),
  ],
);

/** Every sync attempt of a reference: who, when, the outcome and the error. */
export const saleChannelSyncLogs = pgTable(
  'sale_channel_sync_logs',
  {
    id: serial('id').primaryKey(),
    referenceId: integer('reference_id')
      .notNull()
      .references(() => saleChannelReferences.id, { onDelete: 'cascade' }),
    status: text('status', { enum: SALE_CHANNEL_SYNC_STATUSES }).notNull(),
    /** Text of a failure recorded before error_detail existed. */
    error: text('error'),
    errorDetail: jsonb('error_detail').$type<SyncErrorDetail>(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('sale_channel_sync_logs_ref_idx').on(t.referenceId, t.createdAt)],
);
