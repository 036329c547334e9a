import { z } from 'zod';
import { UNITS } from '../constants.js';
import { LOT_CODE_PATTERN } from '../trace-steps.js';
import { todayInVietnam } from '../vietnam-time.js';
import { SHIPMENT_STATUSES } from './chain.js';
import { dateField, idField, idText, textField } from './common.js';
import { listQuery } from './list.js';
import { quantityField } from './quantity.js';

/**
 * Shipments and receipts of the supply chain (ADR 036 §2, §5): one row, two sides. The sender
 * sees its shipment with its own note; the receiver (a partner on the platform) sees the incoming
 * shipment — the shipped lot's code and product, quantity, document, carrier, dates and the
 * sender's name — with its own note, lot and location, never the sender's note, other shipments,
 * what is left of the lot or prices.
 */
export const SHIPMENT_DOCUMENT_TYPES = ['invoice', 'delivery_note', 'other'] as const;
export type ShipmentDocumentType = (typeof SHIPMENT_DOCUMENT_TYPES)[number];

export const SHIPMENT_TEXT_MAX = 200;
export const SHIPMENT_NOTE_MAX = 2000;
export const SHIPMENT_REASON_MAX = 500;

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (max: number) =>
  z.preprocess(blank, textField().trim().max(max, 'tooLong').nullable()).default(null);
/** A past or present day (Vietnam's today): 422 `dateInFuture` after it. */
export const pastDateField = () => dateField().refine((d) => d <= todayInVietnam(), 'dateInFuture');

/** POST /api/v1/shipments: the sender's shipment of a quantity of one of its lots. */
export const shipmentInput = z.object({
  lot_id: idField('pleaseSelectLot'),
  quantity: quantityField(),
  unit: z.enum(UNITS, { error: 'invalidUnit' }),
  from_location_id: idField('invalidLocation').nullable().default(null),
  partner_id: idField('pleaseSelectPartner'),
  shipped_on: pastDateField(),
  document_type: z.enum(SHIPMENT_DOCUMENT_TYPES, { error: 'invalidDocumentType' }).nullable().default(null),
  document_number: optionalText(SHIPMENT_TEXT_MAX),
  carrier: optionalText(SHIPMENT_TEXT_MAX),
  destination: optionalText(SHIPMENT_TEXT_MAX),
  note: optionalText(SHIPMENT_NOTE_MAX),
});
export type ShipmentInput = z.input<typeof shipmentInput>;

/** POST /api/v1/shipments/incoming/{id}/receive: the receiver's new lot. */
export const receiveInput = z.object({
  product_id: idField('pleaseSelectProduct'),
  lot_code: textField({ error: 'pleaseInputLotCode' })
    .trim()
    .min(1, 'pleaseInputLotCode')
    .max(50, 'invalidLotCode')
    .regex(LOT_CODE_PATTERN, 'invalidLotCode'),
  received_quantity: quantityField(),
  received_on: pastDateField(),
  receiver_location_id: idField('invalidLocation').nullable().default(null),
  note: optionalText(SHIPMENT_NOTE_MAX),
});
export type ReceiveInput = z.input<typeof receiveInput>;

/** Cancel (sender) and refuse (receiver): a reason is required. */
export const shipmentReasonInput = z.object({
  reason: textField({ error: 'pleaseInputReason' })
    .trim()
    .min(1, 'pleaseInputReason')
    .max(SHIPMENT_REASON_MAX, 'tooLong'),
});

const ref = z.object({ id: z.number().int(), name: z.string() });
const shippedLot = z.object({ id: z.number().int(), lot_code: z.string(), product_name: z.string() });

/** What both sides share. */
const shipmentShared = z.object({
  id: z.number().int(),
  status: z.enum(SHIPMENT_STATUSES),
  quantity: z.number(),
  unit: z.string(),
  shipped_on: z.string(),
  document_type: z.enum(SHIPMENT_DOCUMENT_TYPES).nullable(),
  document_number: z.string().nullable(),
  carrier: z.string().nullable(),
  received_quantity: z.number().nullable(),
  /** received − shipped, once received. */
  difference: z.number().nullable(),
  received_on: z.string().nullable(),
  refusal_reason: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** The sender's view. */
export const shipment = shipmentShared.extend({
  lot: shippedLot.extend({ remaining_quantity: z.number() }),
  from_location: ref.nullable(),
  partner: ref.extend({ on_platform: z.boolean() }),
  destination: z.string().nullable(),
  /** The sender's own note. */
  note: z.string().nullable(),
});
export type Shipment = z.infer<typeof shipment>;

/** The receiver's view. */
export const incomingShipment = shipmentShared.extend({
  lot: shippedLot.omit({ id: true }),
  sender: z.object({ name: z.string() }),
  received_lot: z.object({ id: z.number().int(), lot_code: z.string() }).nullable(),
  receiver_location: ref.nullable(),
  /** The receiver's own note. */
  note: z.string().nullable(),
});
export type IncomingShipment = z.infer<typeof incomingShipment>;

export const SHIPMENT_SORT_FIELDS = ['created_at', 'shipped_on'] as const;
/** GET /api/v1/shipments (q: lot code, partner name, document number). */
export const shipmentListQuery = listQuery(SHIPMENT_SORT_FIELDS, '-created_at').extend({
  status: z.enum(SHIPMENT_STATUSES, { error: 'invalidStatus' }).optional(),
  partner_id: idText().optional(),
  lot_id: idText().optional(),
  from: dateField().optional(),
  to: dateField().optional(),
});
export type ShipmentListQuery = z.input<typeof shipmentListQuery>;

/** GET /api/v1/shipments/incoming. */
export const incomingListQuery = listQuery(SHIPMENT_SORT_FIELDS, '-created_at').extend({
  status: z.enum(SHIPMENT_STATUSES, { error: 'invalidStatus' }).optional(),
});
export type IncomingListQuery = z.input<typeof incomingListQuery>;

/** received − shipped, at the stored precision. */
export function receiptDifference(shipped: number, received: number): number {
  return Math.round((received - shipped) * 1000) / 1000;
}
