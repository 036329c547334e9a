import {
  TRACE_TIMEZONE_OFFSET,
  bizStepUri,
  formatVietnamDateTime,
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

export interface EpcisInput {
  batch: BatchRow;
  events: EventRow[];
  product: { gtin: string | null; publicCode: string };
  /** Origin of the public site; place identifiers are URIs under it. */
  base: string;
  now?: Date;
}

/**
 * An EPCIS 2.0 JSON-LD document: one ObjectEvent per stage, in the batch's order. The first is
 * an ADD (the lot comes into being), the others OBSERVE. Free-text places become URIs of this
 * site; place, stage and description are also kept in an `ah:` extension.
 */
export function buildEpcis({ batch, events, product, base, now = new Date() }: EpcisInput) {
  const epcClass = epcClassOf(linkGtinOf(batch, product.gtin), batch.lotCode, product.publicCode);
  const uom = UOM[batch.unit];
  const placeUri = (place: string) =>
    `${base}/places/${encodeURIComponent(place.trim().toLowerCase().replace(/\s+/g, '-'))}`;
  const eventList = events.map((e, i) => {
    const location = e.place ? { id: placeUri(e.place) } : undefined;
    return {
      type: 'ObjectEvent',
      eventTime: formatVietnamDateTime(e.occurredAt),
      eventTimeZoneOffset: TRACE_TIMEZONE_OFFSET,
      eventID: `${base}/trace/${batch.publicCode}/events/${e.id}`,
      epcList: [],
      action: i === 0 ? 'ADD' : 'OBSERVE',
      bizStep: bizStepUri(e.step as TraceStep),
      ...(location ? { readPoint: location, bizLocation: location } : {}),
      quantityList: [{ epcClass, quantity: batch.quantity, ...(uom ? { uom } : {}) }],
      ...(i === 0
        ? {
            ilmd: {
              'cbvmda:lotNumber': batch.lotCode,
              'cbvmda:productionDate': batch.productionDate,
              ...(batch.expiryDate ? { 'cbvmda:itemExpirationDate': batch.expiryDate } : {}),
            },
          }
        : {}),
      'ah:step': e.step,
      ...(e.place ? { 'ah:place': e.place } : {}),
      ...(e.description ? { 'ah:description': e.description } : {}),
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
