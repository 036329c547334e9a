import { z } from 'zod';
import { GEOMETRY_DECIMALS, type LocationGeometry } from './geometry.js';
import { errorEnvelope, textField } from './schemas/common.js';

/**
 * EU Deforestation Regulation (EU) 2023/1115 (DESIGN §5.7, ADR 042): the relevant commodities a
 * product category may be flagged with, the HS code of the category, and the rules of the data a
 * due diligence statement (DDS) needs — the net mass, the plots' geolocation as GeoJSON, readiness.
 */
export const EUDR_COMMODITIES = ['cattle', 'cocoa', 'coffee', 'oil_palm', 'rubber', 'soya', 'wood'] as const;
export type EudrCommodity = (typeof EUDR_COMMODITIES)[number];

/** Above this area a plot must be described by a polygon; at or below it a point is enough (Art. 2(28)). */
export const EUDR_POINT_MAX_HA = 4;
/** The EU Information System takes at most 25 MB of geolocation per statement. */
export const EUDR_GEOJSON_MAX_BYTES = 25 * 1024 * 1024;
/** Country of production of every plot on the portal (ISO 3166-1 alpha-2). */
export const EUDR_COUNTRY = 'VN';

/** The statement's activity: the portal's producers are in Vietnam; the goods enter the Union by import (ADR 042). */
export const EUDR_ACTIVITY = 'IMPORT' as const;

/** An HS code as the customs nomenclature writes it: a heading (0901), a subheading (0901.21) or a CN code (0901.21.00). */
export const HS_CODE_PATTERN = /^\d{4}(\.\d{2}){0,2}$/;

/** `090121`, `0901 21`, `0901.21` → `0901.21`; anything else unchanged (and refused by the pattern). */
export function normalizeHsCode(raw: string): string {
  const digits = raw.replace(/[\s.]/g, '');
  if (!/^\d+$/.test(digits) || ![4, 6, 8].includes(digits.length)) return raw.trim();
  return digits
    .match(/^(\d{4})(\d{2})?(\d{2})?$/)!
    .slice(1)
    .filter(Boolean)
    .join('.');
}

/** The administrator's EUDR settings of a product category (both null: not a relevant commodity). */
export const categoryEudrInput = z
  .object({
    eudr_commodity: z.enum(EUDR_COMMODITIES, { error: 'invalidEudrCommodity' }).nullable(),
    hs_code: z.preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '' ? null : normalizeHsCode(v)) : v),
      textField({ error: 'invalidHsCode' }).max(10, 'invalidHsCode').regex(HS_CODE_PATTERN, 'invalidHsCode').nullable(),
    ),
  })
  .refine((v) => v.eudr_commodity === null || v.hs_code !== null, { message: 'eudrHsCodeRequired', path: ['hs_code'] });
export type CategoryEudrInput = z.infer<typeof categoryEudrInput>;

/** Net mass in kilograms of a quantity, or null when its unit is not a mass (a box, a bottle…). */
export function netMassKg(quantity: number, unit: string): number | null {
  if (unit.trim().toLowerCase() === 'kg') return Math.round(quantity * 1000) / 1000;
  return null;
}

const SCALE = 10 ** GEOMETRY_DECIMALS;
const round6 = (n: number) => Math.round(n * SCALE) / SCALE || 0;

/** A plot as the statement reads it. */
export interface EudrPlot {
  location_id: number;
  name: string;
  producer_name: string;
  address: string;
  geometry: LocationGeometry | null;
  area_ha: number | null;
}

/** Why a plot cannot be declared: no geometry, or a plot over 4 ha described by a point only. */
export type EudrPlotProblem = 'no_geometry' | 'point_over_4ha';

export function plotProblem(p: Pick<EudrPlot, 'geometry' | 'area_ha'>): EudrPlotProblem | null {
  if (!p.geometry) return 'no_geometry';
  if (p.geometry.type === 'Point' && p.area_ha != null && p.area_ha > EUDR_POINT_MAX_HA) return 'point_over_4ha';
  return null;
}

/** Twice the signed planar area of a ring: > 0 when counterclockwise. */
function ringSign(ring: [number, number][]): number {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i++) sum += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1];
  return sum;
}

/**
 * One plot as a GeoJSON Feature (RFC 7946: [lon, lat], 6 decimals, the outline counterclockwise and
 * holes clockwise, §3.1.6) with the property names of the EU's GeoJSON guidance.
 */
export function plotFeature(p: EudrPlot) {
  const g = p.geometry!;
  const geometry: LocationGeometry =
    g.type === 'Point'
      ? { type: 'Point', coordinates: [round6(g.coordinates[0]), round6(g.coordinates[1])] }
      : {
          type: 'Polygon',
          coordinates: g.coordinates.map((raw, i) => {
            const ring = raw.map(([x, y]) => [round6(x), round6(y)] as [number, number]);
            return (i === 0) === ringSign(ring) > 0 ? ring : ring.reverse();
          }),
        };
  return {
    type: 'Feature' as const,
    geometry,
    properties: {
      ProducerName: p.producer_name,
      ProducerCountry: EUDR_COUNTRY,
      ProductionPlace: p.name,
      Area: p.area_ha == null ? null : Math.round(p.area_ha * 10_000) / 10_000,
    },
  };
}

// ---------- answers ----------

const bilingual = z.object({ vi: z.string(), en: z.string() });

export const eudrPlotView = z.object({
  location_id: z.number().int(),
  name: z.string(),
  producer_name: z.string(),
  address: z.string(),
  geometry_type: z.enum(['Point', 'Polygon']).nullable(),
  area_ha: z.number().nullable(),
  /** The producer's own plot: the web links to its page to fix it. */
  own: z.boolean(),
  problem: z.enum(['no_geometry', 'point_over_4ha']).nullable(),
});

export const eudrStatement = z.object({
  subject: z.object({ kind: z.enum(['lot', 'shipment']), id: z.number().int() }),
  ready: z.boolean(),
  /** Each reason the statement is not ready, in Vietnamese and English (empty when ready). */
  reasons: z.array(bilingual),
  commodity: z.enum(EUDR_COMMODITIES),
  activity: z.literal(EUDR_ACTIVITY),
  operator: z.object({
    name: z.string(),
    address: z.string().nullable(),
    tax_code: z.string().nullable(),
    country: z.literal(EUDR_COUNTRY),
  }),
  hs_code: z.string(),
  description: z.string(),
  /** Null when the unit is not a mass: named in `reasons`. */
  net_mass_kg: z.number().nullable(),
  quantity: z.number(),
  unit: z.string(),
  country_of_production: z.literal(EUDR_COUNTRY),
  producers: z.array(z.object({ name: z.string(), address: z.string().nullable() })),
  production_period: z.object({ from: z.string().nullable(), to: z.string().nullable() }),
  lots: z.array(
    z.object({ id: z.number().int(), lot_code: z.string(), product_name: z.string(), producer_name: z.string() }),
  ),
  shipments: z.array(
    z.object({ id: z.number().int(), shipped_on: z.string(), document_number: z.string().nullable() }),
  ),
  plots: z.array(eudrPlotView),
  geojson_bytes: z.number().int(),
});
export type EudrStatement = z.infer<typeof eudrStatement>;

/** The refusal of the GeoJSON of a statement that is not ready (409 `eudr_not_ready`): its reasons beside the error. */
export const eudrNotReadyEnvelope = errorEnvelope.extend({ reasons: z.array(bilingual).optional() });
