import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  type AnyPgColumn,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { BATCH_STATUSES, EUDR_COMMODITIES, PRODUCT_STATUSES } from '@agrihub/contract';
import { producers, users } from './accounts.js';
import { locations, shipments, transformations } from './supply-chain.js';
import { epcisCaptures } from './epcis.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Image or file reference kept inside a record (copied from an upload). */
export interface StoredFile {
  id: number;
  url: string;
  thumbnail_url?: string | null;
  filename?: string;
  content_type?: string;
}
export interface Certificate {
  name: string;
  issuer: string;
  number: string;
  valid_until: string | null;
  file: StoredFile | null;
}
export interface OptionGroup {
  title: string;
  values: string[];
  thumbnails: ({ id: number; url: string } | null)[];
}
/**
 * The public fields of a product as an administrator approved them (ADR 007): public pages read
 * this, so an edit waiting for review never shows before it is approved.
 */
export interface ApprovedProduct {
  name: string;
  name_en: string | null;
  description: string | null;
  description_en: string | null;
  gtin: string | null;
  unit: string;
  images: StoredFile[];
  certificates: Certificate[];
  origin_province_code: string | null;
  origin_country: string | null;
  /** Circular 02/2024 (ADR 043); absent in versions approved before they were kept. */
  sku?: string | null;
  brand?: string | null;
  trademark?: string | null;
  standards?: string[];
  shelf_life_days?: number | null;
  /**
   * Active variants in display order; `id` (absent in versions approved before it was kept) lets a
   * batch page show its variant as approved, not as renamed in an edit waiting for review.
   */
  variants: { id?: number; types: { title: string; value: string }[] }[];
}
export interface ProductionBase {
  name: string;
  address: string | null;
  province_code: string | null;
}

export const productTypes = pgTable('product_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
  position: integer('position').notNull().default(0),
});

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    code: text('code'),
    parentId: integer('parent_id'),
    /** The EUDR commodity of the category (ADR 042), set by an administrator; null: not relevant. */
    eudrCommodity: text('eudr_commodity', { enum: EUDR_COMMODITIES }),
    /** Its HS code (0901, 0901.21…): the due diligence statement's commodity code. */
    hsCode: text('hs_code'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('categories_parent_idx').on(t.parentId)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    producerId: integer('producer_id')
      .notNull()
      .references(() => producers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    description: text('description'),
    descriptionEn: text('description_en'),
    categoryId: integer('category_id').references(() => categories.id),
    productTypeId: integer('product_type_id').references(() => productTypes.id),
    unit: text('unit').notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }),
    shippingPriceCents: bigint('shipping_price_cents', { mode: 'number' }),
    discountPriceCents: bigint('discount_price_cents', { mode: 'number' }),
    taxRate: smallint('tax_rate'),
    gtin: text('gtin'),
    /**
     * The GTIN as GTIN-14, set by the server when a product takes its GTIN: unique per platform,
     * so a GTIN belongs to one product (GS1: one GTIN, one trade item) and thus one producer.
     */
    gtin14: text('gtin14'),
    /** An administrator checked the GTIN's company prefix belongs to the producer. */
    gtinVerified: boolean('gtin_verified').notNull().default(false),
    sku: text('sku'),
    /** Circular 02/2024 consumer information (ADR 043), bounded by the contract. */
    brand: text('brand'),
    trademark: text('trademark'),
    /** Standards applied as declared (TCVN, QCVN, VietGAP…), at most PRODUCT_MAX_STANDARDS. */
    standards: text('standards')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    shelfLifeDays: smallint('shelf_life_days'),
    images: jsonb('images').$type<StoredFile[]>().notNull().default([]),
    certificates: jsonb('certificates').$type<Certificate[]>().notNull().default([]),
    originProvinceCode: text('origin_province_code'),
    originCountry: text('origin_country'),
    optionGroups: jsonb('option_groups').$type<OptionGroup[]>().notNull().default([]),
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('draft'),
    rejectReason: text('reject_reason'),
    publicCode: text('public_code').notNull(),
    submittedAt: ts('submitted_at'),
    reviewedAt: ts('reviewed_at'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    /** Last approval and the public fields approved then (null: never approved, nothing public). */
    approvedAt: ts('approved_at'),
    approvedSnapshot: jsonb('approved_snapshot').$type<ApprovedProduct>(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** What `q` searches, accent- and case-free, kept by PostgreSQL (lib/search.ts storedSearch; ADR 027). */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(f_unaccent(name || chr(31) || coalesce(name_en, '') || chr(31) || coalesce(sku, '') || chr(31) || coalesce(gtin, '')))`,
    ),
  },
  (t) => [
    index('products_platform_status_idx').on(t.platform, t.status),
    index('products_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Counting a list's `q` matches reads this narrow index only (the rows are wide: descriptions,
    // approved version), so the count of a common word costs a few hundred pages, not the table.
    index('products_platform_search_count_idx').on(t.platform, t.searchText, t.status),
    index('products_platform_created_idx').on(t.platform, t.createdAt, t.id),
    uniqueIndex('products_platform_gtin14_uq').on(t.platform, t.gtin14).where(sql`${t.gtin14} is not null`),
    index('products_producer_idx').on(t.producerId),
    uniqueIndex('products_producer_sku_uq').on(t.producerId, t.sku).where(sql`${t.sku} is not null`),
    uniqueIndex('products_public_code_uq').on(t.publicCode),
  ],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Up to two `{ title, value }` entries (spec §3). */
    types: jsonb('types').$type<{ title: string; value: string }[]>().notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }),
    customerSku: text('customer_sku'),
    thumbnailId: integer('thumbnail_id'),
    thumbnailUrl: text('thumbnail_url'),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('product_variants_product_idx').on(t.productId)],
);

/** A production batch (traceability record). */
export const traceabilities = pgTable(
  'traceabilities',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    producerId: integer('producer_id')
      .notNull()
      .references(() => producers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    lotCode: text('lot_code').notNull(),
    publicCode: text('public_code').notNull(),
    productionDate: date('production_date', { mode: 'string' }).notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }),
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    /**
     * What the lot's shipments and transformation inputs have taken (ADR 036 §3); what is left is
     * `quantity - used_quantity`. Changed only by lib/lot-quantity.ts's guarded UPDATE, so two
     * requests can never both take the last kilo.
     */
    usedQuantity: numeric('used_quantity', { precision: 14, scale: 3, mode: 'number' }).notNull().default(0),
    unit: text('unit').notNull(),
    productionBase: jsonb('production_base').$type<ProductionBase>(),
    certificates: jsonb('certificates').$type<Certificate[]>().notNull().default([]),
    status: text('status', { enum: BATCH_STATUSES }).notNull().default('draft'),
    publishedAt: ts('published_at'),
    heldAt: ts('held_at'),
    holdReason: text('hold_reason'),
    recalledAt: ts('recalled_at'),
    recallReason: text('recall_reason'),
    /**
     * The GTIN (as GTIN-14) this batch's Digital Link `/01/{gtin14}/10/{lot}` carries: its product's
     * approved GTIN, recorded when the batch is published and never changed (ADR 030). The link
     * resolves through it, so a printed link keeps opening this batch whoever holds the GTIN later.
     */
    gtin14: text('gtin14'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** Lot and public code, accent- and case-free, for `q` (lib/search.ts storedSearch; ADR 027). */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(f_unaccent(lot_code || chr(31) || public_code))`),
  },
  (t) => [
    uniqueIndex('traceabilities_producer_lot_uq').on(t.producerId, t.lotCode),
    index('traceabilities_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The producer's batch list in its sort orders: a page is the first rows of an index walk.
    index('traceabilities_owner_created_idx').on(t.platform, t.producerId, t.createdAt, t.id),
    index('traceabilities_owner_production_idx').on(t.platform, t.producerId, t.productionDate, t.id),
    uniqueIndex('traceabilities_public_code_uq').on(t.publicCode),
    index('traceabilities_platform_idx').on(t.platform, t.status),
    index('traceabilities_product_idx').on(t.productId),
    // The Digital Link resolver: one GTIN is one producer's (gtin_reservations) and a lot one batch of it.
    uniqueIndex('traceabilities_gtin_lot_uq')
      .on(t.platform, t.gtin14, t.lotCode)
      .where(sql`${t.gtin14} is not null`),
  ],
);

/**
 * A GTIN printed on a published batch belongs to that batch's producer for good (ADR 030): no other
 * producer's product may take it, even once the batch is recalled or the product loses it. No
 * foreign key on purpose: the reservation outlives anything deleted behind the application.
 */
export const gtinReservations = pgTable(
  'gtin_reservations',
  {
    platform: text('platform').notNull(),
    gtin14: text('gtin14').notNull(),
    producerId: integer('producer_id').notNull(),
    reservedAt: ts('reserved_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.platform, t.gtin14] })],
);

export const traceEvents = pgTable(
  'trace_events',
  {
    id: serial('id').primaryKey(),
    traceabilityId: integer('traceability_id')
      .notNull()
      .references(() => traceabilities.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    occurredAt: ts('occurred_at').notNull(),
    place: text('place'),
    /** Where it happened, when recorded at one of the producer's locations (ADR 036); `place` stays for free text. */
    locationId: integer('location_id').references((): AnyPgColumn => locations.id, { onDelete: 'restrict' }),
    /** The chain row this event stands for (written and removed with it), null for a producer's own event. */
    shipmentId: integer('shipment_id').references((): AnyPgColumn => shipments.id, { onDelete: 'cascade' }),
    transformationId: integer('transformation_id').references((): AnyPgColumn => transformations.id, {
      onDelete: 'cascade',
    }),
    description: text('description'),
    photos: jsonb('photos').$type<StoredFile[]>().notNull().default([]),
    documents: jsonb('documents').$type<StoredFile[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    /**
     * `own`: the producer's record; `captured`: a partner's EPCIS event captured through
     * `POST /epcis/capture` onto this lot (ADR 040), kept verbatim in `epcis_event` with its CBV 2.0
     * hash (`epcis_hash`, its eventID), the capture job and the capturing party's name.
     */
    origin: text('origin', { enum: ['own', 'captured'] })
      .notNull()
      .default('own'),
    captureId: integer('capture_id').references((): AnyPgColumn => epcisCaptures.id, { onDelete: 'cascade' }),
    epcisHash: text('epcis_hash'),
    epcisEvent: jsonb('epcis_event').$type<Record<string, unknown>>(),
    capturedBy: text('captured_by'),
  },
  (t) => [
    index('trace_events_trace_idx').on(t.traceabilityId, t.position),
    index('trace_events_location_idx').on(t.locationId).where(sql`${t.locationId} is not null`),
    uniqueIndex('trace_events_captured_hash_uq')
      .on(t.traceabilityId, t.epcisHash)
      .where(sql`${t.epcisHash} is not null`),
    index('trace_events_hash_idx').on(t.epcisHash).where(sql`${t.epcisHash} is not null`),
  ],
);

/**
 * The scans of a batch and how many distinct sources they came from (ADR 027): a narrow row of its
 * own, so the scan flush rewrites a few bytes (a HOT update under the fill factor) instead of the
 * wide batch row and its five indexes. No row yet = no scan.
 *
 * No foreign key (migration 0033): its check on a batch's first scan took a KEY SHARE lock on the
 * batch row, writing the wide row's page the narrow row exists to spare (thousands of first scans
 * a second dirtied as many batch pages). A trigger on traceabilities deletes a deleted batch's row
 * (the cascade) and notes its id in deleted_batch_ids, whose ids the flush skips; ids are never
 * reused, so a row a flush races in for a batch deleted meanwhile is never read.
 */
export const traceScans = pgTable(
  'trace_scans',
  {
    traceabilityId: integer('traceability_id').primaryKey(),
    scans: integer('scans').notNull().default(0),
    /** Distinct scan sources: exact up to SOURCE_KEYS_KEPT, then at least that many. */
    sources: integer('sources').notNull().default(0),
    /**
     * The distinct sources seen (hashed network prefixes, scans.ts sourceKeyOf), at most
     * SOURCE_KEYS_KEPT (one more than the duplicate warning's threshold): enough to know when a
     * batch has been scanned in too many places, in the same row as its count (ADR 028).
     */
    sourceKeys: text('source_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
);

/**
 * Ids of batches deleted in the last day, written by the `trace_scans_cascade` trigger (migration
 * 0040): the scan flush drops buffered scans of these ids with one hash anti-join over this small
 * table, instead of probing the batch table's index once per scanned batch (bench/scale.ts).
 */
export const deletedBatchIds = pgTable('deleted_batch_ids', {
  id: integer('id').primaryKey(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The public page of a published batch, built once and read by one index lookup (ADR 028): the
 * JSON up to its volatile fields (`head`), or `gone` (producer closed: 410) or `hidden` (404).
 * Every write that changes a page deletes its rows inside its transaction (trace-public/state.ts
 * tell…); a lookup that finds none builds it. `rev` is the producer's page revision the page was
 * built from (producer_page_revs): a build stores only while it is still current. Not valid from `valid_until` (an
 * expiry or certificate date changes the page) or when `format` is not the running code's.
 */
/**
 * The revision of a producer's public pages, bumped inside every transaction that changes one of
 * them (trace-public/state.ts). A row of its own, not a producers column: writes hold a share lock
 * on the producer row (producers/guard.ts) that an update of it would have to upgrade. Every
 * producer has one (a trigger adds it).
 */
export const producerPageRevs = pgTable('producer_page_revs', {
  producerId: integer('producer_id')
    .primaryKey()
    .references(() => producers.id, { onDelete: 'cascade' }),
  rev: bigint('rev', { mode: 'number' }).notNull().default(0),
});

export const tracePublicDocs = pgTable(
  'trace_public_docs',
  {
    traceabilityId: integer('traceability_id')
      .primaryKey()
      .references(() => traceabilities.id, { onDelete: 'cascade' }),
    publicCode: text('public_code').notNull(),
    platform: text('platform').notNull(),
    productId: integer('product_id').notNull(),
    producerId: integer('producer_id').notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['page', 'gone', 'hidden'] }).notNull(),
    head: text('head').notNull(),
    validUntil: date('valid_until'),
    format: text('format').notNull(),
    rev: bigint('rev', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('trace_public_docs_code_uq').on(t.publicCode)],
);

export const votes = pgTable(
  'votes',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    traceabilityId: integer('traceability_id')
      .notNull()
      .references(() => traceabilities.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    clientKey: text('client_key').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('votes_trace_idx').on(t.traceabilityId)],
);
