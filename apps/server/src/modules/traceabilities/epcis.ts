import {
  TRACE_TIMEZONE_OFFSET,
  bizStepUri,
  formatVietnamDateTime,
  isValidGln,
  isValidGtin,
  toGtin14,
  type TraceStep,
} from '@agrihub/contract';
import { linkGtinOf, type BatchRow, type EventRow } from './presenter.js';

export const EPCIS_CONTEXT = 'https://ref.gs1.org/standards/epcis/epcis-context.jsonld';
export const EPCIS_CONTENT_TYPE = 'application/ld+json';

/** UN/ECE Recommendation 20 codes for the units measured by weight; other units are counts (no uom). */
const UOM: Record<string, string> = { Kg: 'KGM' };

/** The class (lot) identifier: GS1 Digital Link of GTIN + lot, or a URN when the product has no GTIN. */
export function epcClassOf(gtin: string | null, lot: string, productCode: string): string {
  if (gtin && isValidGtin(gtin)) return `https://id.gs1.org/01/${toGtin14(gtin)}/10/${encodeURIComponent(lot)}`;
  return `urn:agrihub:class:${encodeURIComponent(productCode)}:${encodeURIComponent(lot)}`;
}

/**
 * GS1 company prefix length assumed when a GLN becomes an EPC URI (TDS: the URI splits the GLN
 * into company prefix and reference, and the platform does not know the prefix's length): 7, the
 * shortest GS1 Vietnam assigns (893 + 4 digits). The GLN's 12 digits are kept whatever the split.
 */
export const GLN_COMPANY_PREFIX_LENGTH = 7;

/** `urn:epc:id:sgln:<company prefix>.<location reference>.0` of a GLN (no extension). */
export function sglnUri(gln: string, prefixLength = GLN_COMPANY_PREFIX_LENGTH): string {
  return `urn:epc:id:sgln:${gln.slice(0, prefixLength)}.${gln.slice(prefixLength, 12)}.0`;
}
/** `urn:epc:id:pgln:<company prefix>.<party reference>` of a party's GLN. */
export function pglnUri(gln: string, prefixLength = GLN_COMPANY_PREFIX_LENGTH): string {
  return `urn:epc:id:pgln:${gln.slice(0, prefixLength)}.${gln.slice(prefixLength, 12)}`;
}

/** A place of the chain: its GLN's SGLN, else the platform's URI of the location. */
export function locationUri(base: string, l: { id: number; gln: string | null }): string {
  return l.gln && isValidGln(l.gln) ? sglnUri(l.gln) : `${base}/locations/${l.id}`;
}
/** A party of the chain: its GLN's PGLN, else the platform's URI of the producer or the partner. */
export function partyUri(
  base: string,
  p: { gln: string | null; producerId: number | null; partnerId?: number },
): string {
  if (p.gln && isValidGln(p.gln)) return pglnUri(p.gln);
  return p.producerId != null ? `${base}/producers/${p.producerId}` : `${base}/partners/${p.partnerId}`;
}

const CBV = 'https://ref.gs1.org/cbv/';
const OWNING_PARTY = `${CBV}SDT-owning_party`;

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

/** What the chain's rows say about the lot's shipping, receiving and transformation events (ADR 036 §2). */
export interface EpcisChain {
  /** Locations of the events (location_id), with their GLN. */
  locations: Map<number, { id: number; gln: string | null }>;
  /** Shipments of the events: who sent (source) and to whom (destination), as party URIs; the quantities. */
  shipments: Map<number, { source: string; destination: string; quantity: number; receivedQuantity: number | null }>;
  /** Transformations of the events: each input lot's class and the quantity used. */
  transformations: Map<number, { inputs: ChainQuantity[] }>;
}

export interface EpcisInput {
  batch: BatchRow;
  events: EventRow[];
  product: { gtin: string | null; publicCode: string };
  /** Origin of the public site; place identifiers are URIs under it. */
  base: string;
  /** The chain rows behind the lot's chain events (absent: every event is mapped as the producer's own). */
  chain?: EpcisChain;
  now?: Date;
}

/**
 * An EPCIS 2.0 JSON-LD document of one lot, one event per row of its events, in the lot's order —
 * one mapping (DESIGN §5.7) for the producer's own stages and the chain's:
 * - a producer's stage: an ObjectEvent (the first ADD, as the lot comes into being, the others
 *   OBSERVE) with the stage's CBV business step; its place is the location's URI (SGLN with a GLN)
 *   when recorded at a location, else a URI of this site made from the free-text place;
 * - a shipment (trace_events.shipment_id) on the shipped lot: ObjectEvent, bizStep shipping,
 *   disposition in_transit, the quantity shipped, sourceList / destinationList of owning parties
 *   (sender and partner: PGLN with a GLN, else this site's producer or partner URI);
 * - a receipt (same, on the lot it was received into): bizStep receiving, disposition in_progress,
 *   the quantity received;
 * - a transformation (trace_events.transformation_id) on its output: a TransformationEvent with
 *   each input lot's class and quantity used (inputQuantityList) and the output (outputQuantityList).
 * Place, stage and description are also kept in an `ah:` extension.
 */
export function buildEpcis({ batch, events, product, base, chain, now = new Date() }: EpcisInput) {
  const epcClass = epcClassOf(linkGtinOf(batch, product.gtin), batch.lotCode, product.publicCode);
  const self = (quantity: number): ChainQuantity => ({ epcClass, quantity, unit: batch.unit });
  const placeUri = (place: string) =>
    `${base}/places/${encodeURIComponent(place.trim().toLowerCase().replace(/\s+/g, '-'))}`;
  const eventList = events.map((e, i) => {
    const known = e.locationId != null ? chain?.locations.get(e.locationId) : undefined;
    const locationId = known ? locationUri(base, known) : e.place ? placeUri(e.place) : null;
    const location = locationId ? { id: locationId } : undefined;
    const shipment = e.shipmentId != null ? chain?.shipments.get(e.shipmentId) : undefined;
    const transformation = e.transformationId != null ? chain?.transformations.get(e.transformationId) : undefined;
    const common = {
      eventTime: formatVietnamDateTime(e.occurredAt),
      eventTimeZoneOffset: TRACE_TIMEZONE_OFFSET,
      eventID: `${base}/trace/${batch.publicCode}/events/${e.id}`,
    };
    const ilmd =
      i === 0
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
    const where = location ? { readPoint: location, bizLocation: location } : {};
    if (transformation) {
      return {
        type: 'TransformationEvent',
        ...common,
        inputQuantityList: transformation.inputs.map(quantityElement),
        outputQuantityList: [quantityElement(self(batch.quantity))],
        bizStep: bizStepUri(e.step as TraceStep),
        ...where,
        ...ilmd,
        ...extension,
      };
    }
    if (shipment) {
      const receiving = e.step === 'receiving';
      return {
        type: 'ObjectEvent',
        ...common,
        epcList: [],
        action: i === 0 ? 'ADD' : 'OBSERVE',
        bizStep: `${CBV}BizStep-${receiving ? 'receiving' : 'shipping'}`,
        disposition: `${CBV}Disp-${receiving ? 'in_progress' : 'in_transit'}`,
        ...where,
        quantityList: [
          quantityElement(self(receiving ? (shipment.receivedQuantity ?? batch.quantity) : shipment.quantity)),
        ],
        sourceList: [{ type: OWNING_PARTY, source: shipment.source }],
        destinationList: [{ type: OWNING_PARTY, destination: shipment.destination }],
        ...ilmd,
        ...extension,
      };
    }
    return {
      type: 'ObjectEvent',
      ...common,
      epcList: [],
      action: i === 0 ? 'ADD' : 'OBSERVE',
      bizStep: bizStepUri(e.step as TraceStep),
      ...where,
      quantityList: [quantityElement(self(batch.quantity))],
      ...ilmd,
      ...extension,
    };
  });
  return {
    '@context': [EPCIS_CONTEXT, { ah: `${base}/epcis/ns#` }],
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate: now.toISOString(),
    epcisBody: { eventList },
  };
}
