import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  CHAIN_EDGE_KINDS,
  LOCATION_KINDS,
  SHIPMENT_STATUSES,
  type CertificationInput,
  type LocationGeometry,
} from '@agrihub/contract';
import { producers, users } from './accounts.js';
import { traceabilities } from './catalog.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Quantities of the chain: numeric(14,3), read as JS numbers (ADR 036 §3). */
export const quantityColumn = (name: string) => numeric(name, { precision: 14, scale: 3, mode: 'number' });

/** A producer's farm plot, pond, barn, packing house, plant, warehouse or shop (ADR 036 §1). */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    producerId: integer('producer_id')
      .notNull()
      .references(() => producers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LOCATION_KINDS }).notNull(),
    name: text('name').notNull(),
    provinceCode: text('province_code').notNull(),
    commune: text('commune'),
    address: text('address'),
    gln: text('gln'),
    geometry: jsonb('geometry').$type<LocationGeometry>(),
    /** Geodesic area of a polygon in ha, computed on write (contract geometryAreaHa); null for a point. */
    areaHa: numeric('area_ha', { precision: 12, scale: 4, mode: 'number' }),
    crop: text('crop'),
    certifications: jsonb('certifications').$type<CertificationInput[]>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    searchText: text('search_text').generatedAlwaysAs(sql`lower(f_unaccent(name || chr(31) || coalesce(gln, '')))`),
  },
  (t) => [
    index('locations_owner_created_idx').on(t.platform, t.producerId, t.createdAt, t.id),
    index('locations_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // A GLN names one place: two producers of a platform cannot both claim it.
    uniqueIndex('locations_gln_uq')
      .on(t.platform, t.gln)
      .where(sql`${t.gln} is not null`),
  ],
);

/**
 * A producer's trading partner (ADR 036 §4): another producer of the same platform
 * (`linked_producer_id`; its name is shown from the producer) or an outside party.
 */
export const tradingPartners = pgTable(
  'trading_partners',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    producerId: integer('producer_id')
      .notNull()
      .references(() => producers.id, { onDelete: 'cascade' }),
    linkedProducerId: integer('linked_producer_id').references(() => producers.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    taxCode: text('tax_code'),
    address: text('address'),
    gln: text('gln'),
    /** The owner's internal note: never shown to the partner. */
    note: text('note'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('trading_partners_owner_idx').on(t.platform, t.producerId, t.name),
    uniqueIndex('trading_partners_linked_uq')
      .on(t.producerId, t.linkedProducerId)
      .where(sql`${t.linkedProducerId} is not null`),
  ],
);

/**
 * A shipping CTE: a quantity of a lot sent to a partner, and when the partner is on the platform,
 * its receiving CTE (into a new lot of its own) or refusal. One row, two sides: the sender's note
 * and the receiver's note are each shown only to their side.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    producerId: integer('producer_id')
      .notNull()
      .references(() => producers.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id')
      .notNull()
      .references(() => traceabilities.id, { onDelete: 'restrict' }),
    quantity: quantityColumn('quantity').notNull(),
    unit: text('unit').notNull(),
    fromLocationId: integer('from_location_id').references(() => locations.id, { onDelete: 'restrict' }),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => tradingPartners.id, { onDelete: 'restrict' }),
    /** The partner's producer when it is on the platform (its inbox), copied from the partner at sending. */
    receiverProducerId: integer('receiver_producer_id').references(() => producers.id, { onDelete: 'restrict' }),
    /** Where it goes, as the sender knows it (free text; the receiver's own location is on its receipt). */
    destination: text('destination'),
    shippedOn: date('shipped_on', { mode: 'string' }).notNull(),
    documentType: text('document_type'),
    documentNumber: text('document_number'),
    carrier: text('carrier'),
    senderNote: text('sender_note'),
    status: text('status', { enum: SHIPMENT_STATUSES }).notNull().default('sent'),
    receivedLotId: integer('received_lot_id').references(() => traceabilities.id, { onDelete: 'restrict' }),
    receivedQuantity: quantityColumn('received_quantity'),
    receivedOn: date('received_on', { mode: 'string' }),
    receiverLocationId: integer('receiver_location_id').references(() => locations.id, { onDelete: 'restrict' }),
    receiverNote: text('receiver_note'),
    refusalReason: text('refusal_reason'),
    cancelReason: text('cancel_reason'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('shipments_sender_idx').on(t.platform, t.producerId, t.createdAt, t.id),
    index('shipments_receiver_idx')
      .on(t.platform, t.receiverProducerId, t.status, t.createdAt)
      .where(sql`${t.receiverProducerId} is not null`),
    index('shipments_lot_idx').on(t.lotId),
    index('shipments_received_lot_idx')
      .on(t.receivedLotId)
      .where(sql`${t.receivedLotId} is not null`),
  ],
);

/** A transformation CTE: a new lot (an ordinary batch) made from input lots (ADR 036 §3). */
export const transformations = pgTable(
  'transformations',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    producerId: integer('producer_id')
      .notNull()
      .references(() => producers.id, { onDelete: 'cascade' }),
    outputLotId: integer('output_lot_id')
      .notNull()
      .references(() => traceabilities.id, { onDelete: 'restrict' }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'restrict' }),
    transformedOn: date('transformed_on', { mode: 'string' }).notNull(),
    note: text('note'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('transformations_owner_idx').on(t.platform, t.producerId, t.createdAt, t.id),
    uniqueIndex('transformations_output_uq').on(t.outputLotId),
  ],
);

export const transformationInputs = pgTable(
  'transformation_inputs',
  {
    transformationId: integer('transformation_id')
      .notNull()
      .references(() => transformations.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id')
      .notNull()
      .references(() => traceabilities.id, { onDelete: 'restrict' }),
    quantity: quantityColumn('quantity').notNull(),
    unit: text('unit').notNull(),
  },
  (t) => [primaryKey({ columns: [t.transformationId, t.lotId] }), index('transformation_inputs_lot_idx').on(t.lotId)],
);

/**
 * The chain's graph, one table (ADR 036 §2): an edge from a lot to the lot it went into — a
 * shipment to a lot received from it, or an input to a transformation's output. A shipment not
 * (yet) received, or sent outside the platform, is an edge to no lot with the partner who holds
 * it: the end of what the platform knows. Written in the same transaction as its source row;
 * walked both ways by modules/chain/graph.ts.
 */
export const chainEdges = pgTable(
  'chain_edges',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    fromLotId: integer('from_lot_id')
      .notNull()
      .references(() => traceabilities.id, { onDelete: 'restrict' }),
    toLotId: integer('to_lot_id').references(() => traceabilities.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: CHAIN_EDGE_KINDS }).notNull(),
    /** The shipment's or the transformation's id. */
    sourceId: integer('source_id').notNull(),
    /** Who holds the quantity at the end of a shipment edge (null for a transformation). */
    partnerId: integer('partner_id').references(() => tradingPartners.id, { onDelete: 'restrict' }),
    quantity: quantityColumn('quantity').notNull(),
    unit: text('unit').notNull(),
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
  },
  (t) => [
    index('chain_edges_from_idx').on(t.fromLotId, t.toLotId),
    index('chain_edges_to_idx')
      .on(t.toLotId, t.fromLotId)
      .where(sql`${t.toLotId} is not null`),
    uniqueIndex('chain_edges_source_uq').on(t.kind, t.sourceId, t.fromLotId),
  ],
);
