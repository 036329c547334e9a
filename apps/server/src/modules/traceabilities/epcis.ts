import {
  DEFAULT_GS1_COMPANY_PREFIX_LENGTH,
  TRACE_TIMEZONE_OFFSET,
  bizStepUri,
  epcisEventHash,
  formatVietnamDateTime,
  isValidGln,
  isValidGtin,
  lgtinUri,
  pglnUri,
  sglnUri,
  toGtin14,
  type CertificationInput,
  type TraceStep,
} from '@agrihub/contract';
import type { Certificate } from '../../db/schema/index.js';
import { linkGtinOf, type BatchRow, type EventRow } from './presenter.js';

export const EPCIS_CONTEXT = 'https://ref.gs1.org/standards/epcis/epcis-context.jsonld';
export const EPCIS_CONTENT_TYPE = 'application/ld+json';
export { pglnUri, sglnUri };

/** UN/ECE Recommendation 20 codes for the units measured by weight; other units are counts (no uom). */
const UOM: Record<string, string> = { Kg: 'KGM' };

/**
 * The class (lot) identifier: the LGTIN URN of GTIN + lot (the producer's company prefix length,
 * ADR 038), or the portal's own URN when the product has no GTIN.
 */
export function epcClassOf(
  gtin: string | null,
  lot: string,
  productCode: string,
  prefixLength: number | null = DEFAULT_GS1_COMPANY_PREFIX_LENGTH,
): string {
  if (gtin && isValidGtin(gtin)) return lgtinUri(toGtin14(gtin), lot, prefixLength);
  return `urn:agrihub:class:${encodeURIComponent(productCode)}:${encodeURIComponent(lot)}`;
}

/** A place of the chain, as its owner's profile says. */
export interface ChainLocation {
  id: number;
  gln: string | null;
  /** The owner's GS1 company prefix length (null: the default). */
  prefixLength: number | null;
  certifications: CertificationInput[];
}

/** A place of the chain: its GLN's SGLN, else the platform's URI of the location. */
export function locationUri(base: string, l: { id: number; gln: string | null; prefixLength?: number | null }): string {
  return l.gln && isValidGln(l.gln) ? sglnUri(l.gln, l.prefixLength) : `${base}/locations/${l.id}`;
}
/** A party of the chain: its GLN's PGLN, else the platform's URI of the producer or the partner. */
export function partyUri(
  base: string,
  p: { gln: string | null; producerId: number | null; partnerId?: number; prefixLength?: number | null },
): string {
  if (p.gln && isValidGln(p.gln)) return pglnUri(p.gln, p.prefixLength);
  return p.producerId != null ? `${base}/producers/${p.producerId}` : `${base}/partners/${p.partnerId}`;
}

const CBV = 'https://ref.gs1.org/cbv/';
const SDT = (t: 'owning_party' | 'possessing_party' | 'location') => `${CBV}SDT-${t}`;
const DISP = (d: string) => `${CBV}Disp-${d}`;

/**
 * The one mapping of a portal event to an EPCIS event (ADR 038, after GS1 US's EPCIS
 * recommendations for the FSMA 204 critical tracking events): event type, CBV business step
 * (TRACE_STEP_CBV) and disposition. Shipments and transformations are recognised by their chain
 * rows, whatever their stage is called.
 */
export const EPCIS_STEP_DISPOSITION: Record<TraceStep, string> = {
  planting: 'active',
  caring: 'active',
  harvesting: 'active',
  processing: 'active',
  packing: 'active',
  storing: 'active',
  shipping: 'in_transit',
  receiving: 'in_progress',
  other: 'active',
};

/** A quantity of a lot: its class, the quantity and (by weight) its UN/ECE unit. */
export interface ChainQuantity {
  epcClass: string;
  quantity: number;
  unit: string;
}
const quantityElement = (q: ChainQuantity) => ({
  epcClass: q.epcClass,
  quantity: q.quantity,
  ...(UOM[q.unit] ? { uom: UOM[q.unit] } : {}),
});

/** A shipment of the chain: parties and places at both ends, the quantities. */
export interface ChainShipment {
  /** Sender and receiver (owning and possessing party: the portal records no carrier). */
  source: string;
  destination: string;
  /** The places it left and reached, when recorded. */
  fromLocation: string | null;
  toLocation: string | null;
  quantity: number;
  receivedQuantity: number | null;
}

/** What the chain's rows say about the lot's events (ADR 036 §2). */
export interface EpcisChain {
  /** Locations of the events (location_id), with their GLN, owner's prefix length, certifications. */
  locations: Map<number, ChainLocation>;
  shipments: Map<number, ChainShipment>;
  /** Transformations of the events: each input lot's class and the quantity used. */
  transformations: Map<number, { inputs: ChainQuantity[] }>;
}

/** What one event's mapping needs besides its row. */
export interface EpcisEventContext {
  batch: BatchRow;
  product: { gtin: string | null; publicCode: string };
  /** Origin of the public site; the portal's own identifiers are URIs under it. */
  base: string;
  /** The lot's producer's GS1 company prefix length (null: the default, 7). */
  prefixLength: number | null;
  /** The chain rows behind the event (absent: it is mapped as the producer's own stage). */
  chain?: EpcisChain;
  /** The event is the lot's first: it brings the lot into being (action ADD, ILMD). */
  first: boolean;
}

/** The `ah:` namespace of the portal's extension fields. */
export const epcisNamespace = (base: string) => `${base}/epcis/ns#`;

const certificateSlug = (s: string) =>
  encodeURIComponent(
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/đ/gi, 'd')
      .trim()
      .toLowerCase()
      .replace(/\s+/g, '-'),
  );

/** A location's certification (VietGAP…) valid on `day` (YYYY-MM-DD), as a URI. */
function locationCertificationUris(base: string, certs: CertificationInput[], day: string): string[] {
  return certs
    .filter((c) => (!c.valid_from || c.valid_from <= day) && (!c.valid_until || c.valid_until >= day))
    .map((c) => `${base}/certifications/${c.scheme}/${certificateSlug(c.number ?? c.issuer ?? 'unnumbered')}`);
}
/** A batch's certificate valid on `day`: its document's address, else a URI of its name and number. */
function batchCertificateUris(base: string, certs: Certificate[], day: string): string[] {
  return certs
    .filter((c) => !c.valid_until || c.valid_until >= day)
    .map((c) =>
      c.file?.url
        ? new URL(c.file.url, `${base}/`).href
        : `${base}/certifications/${certificateSlug(c.name)}/${certificateSlug(c.number || 'unnumbered')}`,
    );
}

/**
 * One portal event (a trace_events row) as one EPCIS 2.0 event, its eventID the CBV 2.0 event
 * hash (so two exports, or an export and a capture of the same event, give the same ID):
 * - a producer's stage: an ObjectEvent (ADD when it brings the lot into being, else OBSERVE) with
 *   the stage's business step and disposition, the lot's quantity;
 * - a shipment (trace_events.shipment_id) on the shipped lot: bizStep shipping, in_transit, the
 *   quantity shipped; a receipt on the lot it was received into: receiving, in_progress, the
 *   quantity received; both with sourceList/destinationList of owning and possessing parties
 *   (PGLN with a GLN, else the portal's producer/partner URI) and the places (SGLN) when known;
 * - a transformation (trace_events.transformation_id) on its output: a TransformationEvent,
 *   bizStep commissioning, each input lot's class and quantity used, the output lot;
 * - where it happened: readPoint and bizLocation (SGLN with a GLN), else a URI of the free-text place;
 * - certificationInfo: the location's certifications and (on the lot's first event) the lot's
 *   certificates valid on the event's day; the lot's ILMD on its first event;
 * - eventTimeZoneOffset +07:00; stage, place and description in `ah:` extension fields.
 */
export function epcisEventOf(e: EventRow, ctx: EpcisEventContext): Record<string, unknown> {
  const { batch, product, base, chain, first } = ctx;
  const epcClass = epcClassOf(linkGtinOf(batch, product.gtin), batch.lotCode, product.publicCode, ctx.prefixLength);
  const self = (quantity: number): ChainQuantity => ({ epcClass, quantity, unit: batch.unit });
  const known = e.locationId != null ? chain?.locations.get(e.locationId) : undefined;
  const placeUri = (place: string) =>
    `${base}/places/${encodeURIComponent(place.trim().toLowerCase().replace(/\s+/g, '-'))}`;
  const locationId = known ? locationUri(base, known) : e.place ? placeUri(e.place) : null;
  const where = locationId ? { readPoint: { id: locationId }, bizLocation: { id: locationId } } : {};
  const shipment = e.shipmentId != null ? chain?.shipments.get(e.shipmentId) : undefined;
  const transformation = e.transformationId != null ? chain?.transformations.get(e.transformationId) : undefined;
  const eventTime = formatVietnamDateTime(e.occurredAt);
  const day = eventTime.slice(0, 10);
  const certificationInfo = [
    ...(known ? locationCertificationUris(base, known.certifications, day) : []),
    ...(first ? batchCertificateUris(base, batch.certificates ?? [], day) : []),
  ];
  const common = {
    eventTime,
    eventTimeZoneOffset: TRACE_TIMEZONE_OFFSET,
    ...(certificationInfo.length ? { certificationInfo: [...new Set(certificationInfo)] } : {}),
  };
  const ilmd = first
    ? {
        ilmd: {
          'cbvmda:lotNumber': batch.lotCode,
          'cbvmda:productionDate': batch.productionDate,
          ...(batch.expiryDate ? { 'cbvmda:itemExpirationDate': batch.expiryDate } : {}),
        },
      }
    : {};
  const extension = {
    'ah:step': e.step,
    ...(e.place ? { 'ah:place': e.place } : {}),
    ...(e.description ? { 'ah:description': e.description } : {}),
  };
  let event: Record<string, unknown>;
  if (transformation) {
    event = {
      type: 'TransformationEvent',
      ...common,
      inputQuantityList: transformation.inputs.map(quantityElement),
      outputQuantityList: [quantityElement(self(batch.quantity))],
      bizStep: `${CBV}BizStep-commissioning`,
      disposition: DISP('active'),
      ...where,
      ...ilmd,
      ...extension,
    };
  } else if (shipment) {
    const receiving = e.step === 'receiving';
    const ends = (party: string, place: string | null, key: 'source' | 'destination') => [
      { type: SDT('owning_party'), [key]: party },
      { type: SDT('possessing_party'), [key]: party },
      ...(place ? [{ type: SDT('location'), [key]: place }] : []),
    ];
    event = {
      type: 'ObjectEvent',
      ...common,
      epcList: [],
      action: first ? 'ADD' : 'OBSERVE',
      bizStep: `${CBV}BizStep-${receiving ? 'receiving' : 'shipping'}`,
      disposition: DISP(receiving ? 'in_progress' : 'in_transit'),
      ...where,
      quantityList: [
        quantityElement(self(receiving ? (shipment.receivedQuantity ?? batch.quantity) : shipment.quantity)),
      ],
      sourceList: ends(shipment.source, shipment.fromLocation, 'source'),
      destinationList: ends(shipment.destination, shipment.toLocation, 'destination'),
      ...ilmd,
      ...extension,
    };
  } else {
    const step = e.step as TraceStep;
    event = {
      type: 'ObjectEvent',
      ...common,
      epcList: [],
      action: first ? 'ADD' : 'OBSERVE',
      bizStep: bizStepUri(step),
      disposition: DISP(EPCIS_STEP_DISPOSITION[step] ?? 'active'),
      ...where,
      quantityList: [quantityElement(self(batch.quantity))],
      ...ilmd,
      ...extension,
    };
  }
  const eventID = epcisEventHash(event, { context: { ah: epcisNamespace(base) } });
  return { ...event, eventID };
}

export interface EpcisInput extends Omit<EpcisEventContext, 'first' | 'prefixLength'> {
  events: EventRow[];
  prefixLength?: number | null;
  now?: Date;
}

/** An EPCIS 2.0 JSON-LD document of one lot: each of its events through epcisEventOf, in the lot's order. */
export function buildEpcis({ events, now = new Date(), prefixLength = null, ...ctx }: EpcisInput) {
  const eventList = events.map((e, i) => epcisEventOf(e, { ...ctx, prefixLength, first: i === 0 }));
  return {
    '@context': [EPCIS_CONTEXT, { ah: epcisNamespace(ctx.base) }],
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate: now.toISOString(),
    epcisBody: { eventList },
  };
}
