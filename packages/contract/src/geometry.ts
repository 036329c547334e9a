import { area as turfArea } from '@turf/area';
import { z } from 'zod';

/**
 * A location's geometry (DESIGN §5.6): GeoJSON (RFC 7946) in WGS84, a Point or a Polygon with
 * optional holes, positions [longitude, latitude].
 *
 * Input is normalised, not refused, for precision: every coordinate is rounded to 6 decimals
 * (≈ 0.1 m, the EUDR precision) and a position repeating the one before it (often the result of
 * that rounding) is dropped. What stays is then checked, each refusal its own message key:
 * not a Point/Polygon, a coordinate out of range, a ring not closed or under 4 positions, a ring
 * crossing itself or another ring, a hole outside the outline, too many vertices, too large.
 */
export const GEOMETRY_DECIMALS = 6;
/** Vertices of a polygon, all rings together (a walked plot outline has a few hundred). */
export const MAX_GEOMETRY_VERTICES = 5_000;
/** Rings of a polygon: the outline and up to 99 holes. */
export const MAX_POLYGON_RINGS = 100;
/** The largest polygon accepted, in hectares (100 km²: a whole plantation, never a country). */
export const MAX_POLYGON_AREA_HA = 10_000;

export type Position = [number, number];
export type PointGeometry = { type: 'Point'; coordinates: Position };
export type PolygonGeometry = { type: 'Polygon'; coordinates: Position[][] };
export type LocationGeometry = PointGeometry | PolygonGeometry;

/** The result of checking a geometry: the normalised geometry, or the message key of the refusal. */
export type GeometryCheck =
  { ok: true; geometry: LocationGeometry } | { ok: false; message: string; params?: Record<string, number> };

const SCALE = 10 ** GEOMETRY_DECIMALS;
const round6 = (n: number) => Math.round(n * SCALE) / SCALE || 0; // `|| 0`: no -0

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A [lon, lat] position rounded to 6 decimals, or null when it is not one (or out of range). */
function toPosition(v: unknown): Position | null {
  if (!Array.isArray(v) || v.length !== 2) return null;
  const [lon, lat] = v as unknown[];
  if (typeof lon !== 'number' || typeof lat !== 'number' || !Number.isFinite(lon) || !Number.isFinite(lat)) return null;
  if (lon < -180 || lon > 180 || lat < -90 || lat > 90) return null;
  return [round6(lon), round6(lat)];
}

const samePosition = (a: Position, b: Position) => a[0] === b[0] && a[1] === b[1];

/** Geodesic area of a geometry in hectares (0 for a point), holes subtracted. */
export function geometryAreaHa(geometry: LocationGeometry): number {
  if (geometry.type === 'Point') return 0;
  return turfArea(geometry) / 10_000;
}

/** Checks and normalises an unknown value as a location geometry. Never throws. */
export function checkGeometry(value: unknown): GeometryCheck {
  if (!isObject(value) || !Array.isArray(value.coordinates)) return { ok: false, message: 'invalidGeometry' };
  if (value.type === 'Point') {
    const position = toPosition(value.coordinates);
    return position
      ? { ok: true, geometry: { type: 'Point', coordinates: position } }
      : { ok: false, message: 'invalidCoordinate' };
  }
  if (value.type !== 'Polygon') return { ok: false, message: 'invalidGeometry' };
  const rawRings = value.coordinates as unknown[];
  if (rawRings.length === 0 || rawRings.length > MAX_POLYGON_RINGS) return { ok: false, message: 'invalidGeometry' };
  let vertices = 0;
  for (const ring of rawRings) {
    if (!Array.isArray(ring)) return { ok: false, message: 'invalidGeometry' };
    vertices += ring.length;
  }
  // Counted before any work on the positions, so that a huge input costs nothing.
  if (vertices > MAX_GEOMETRY_VERTICES)
    return { ok: false, message: 'geometryTooManyVertices', params: { max: MAX_GEOMETRY_VERTICES } };

  const rings: Position[][] = [];
  for (const rawRing of rawRings as unknown[][]) {
    if (rawRing.length < 4) return { ok: false, message: 'polygonTooFewPositions' };
    const ring: Position[] = [];
    for (const raw of rawRing) {
      const position = toPosition(raw);
      if (!position) return { ok: false, message: 'invalidCoordinate' };
      if (ring.length === 0 || !samePosition(ring[ring.length - 1], position)) ring.push(position);
    }
    if (!samePosition(ring[0], ring[ring.length - 1])) return { ok: false, message: 'polygonNotClosed' };
    // Closed, but fewer than 3 distinct corners once repeats are dropped: no area.
    if (ring.length < 4) return { ok: false, message: 'polygonTooFewPositions' };
    rings.push(ring);
  }
  if (ringsCross(rings)) return { ok: false, message: 'polygonSelfIntersecting' };
  for (const hole of rings.slice(1)) {
    if (!insideRing(hole[0], rings[0])) return { ok: false, message: 'polygonHoleOutside' };
  }
  const geometry: PolygonGeometry = { type: 'Polygon', coordinates: rings };
  if (geometryAreaHa(geometry) > MAX_POLYGON_AREA_HA)
    return { ok: false, message: 'polygonTooLarge', params: { max: MAX_POLYGON_AREA_HA } };
  return { ok: true, geometry };
}

type Segment = { a: Position; b: Position; ring: number; index: number; last: number; minX: number; maxX: number };

/**
 * True when two edges of the rings meet anywhere but the vertex two neighbouring edges of one
 * ring share: a ring crossing or touching itself, an edge running back over another, or two
 * rings crossing. A sweep over the edges sorted by their west end keeps it near O(n log n) for
 * real outlines (the planar test is exact for the small extents a plot has).
 */
function ringsCross(rings: Position[][]): boolean {
  const segments: Segment[] = [];
  rings.forEach((ring, r) => {
    for (let i = 0; i < ring.length - 1; i++) {
      const [a, b] = [ring[i], ring[i + 1]];
      segments.push({
        a,
        b,
        ring: r,
        index: i,
        last: ring.length - 2,
        minX: Math.min(a[0], b[0]),
        maxX: Math.max(a[0], b[0]),
      });
    }
  });
  segments.sort((s, t) => s.minX - t.minX);
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    for (let j = i + 1; j < segments.length && segments[j].minX <= s.maxX; j++) {
      const t = segments[j];
      if (s.ring === t.ring && neighbours(s.index, t.index, s.last)) {
        if (overlapsAlong(s, t)) return true;
        continue;
      }
      if (segmentsMeet(s.a, s.b, t.a, t.b)) return true;
    }
  }
  return false;
}

function neighbours(i: number, j: number, last: number): boolean {
  const d = Math.abs(i - j);
  return d === 1 || d === last;
}

/** Two neighbouring edges meet at their shared vertex; they are wrong only when one runs back along the other. */
function overlapsAlong(s: Segment, t: Segment): boolean {
  const shared = samePosition(s.b, t.a) || samePosition(s.b, t.b) ? s.b : s.a;
  const p = samePosition(s.a, shared) ? s.b : s.a;
  const q = samePosition(t.a, shared) ? t.b : t.a;
  if (cross(shared, p, q) !== 0) return false;
  // Collinear: bad when both go the same way from the shared vertex (a spike back on itself).
  return (p[0] - shared[0]) * (q[0] - shared[0]) + (p[1] - shared[1]) * (q[1] - shared[1]) > 0;
}

function cross(o: Position, a: Position, b: Position): number {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

function onSegment(p: Position, a: Position, b: Position): boolean {
  return (
    Math.min(a[0], b[0]) <= p[0] &&
    p[0] <= Math.max(a[0], b[0]) &&
    Math.min(a[1], b[1]) <= p[1] &&
    p[1] <= Math.max(a[1], b[1])
  );
}

/** True when segments ab and cd share any point (crossing, touching or overlapping). */
function segmentsMeet(a: Position, b: Position, c: Position, d: Position): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (
    (d1 === 0 && onSegment(a, c, d)) ||
    (d2 === 0 && onSegment(b, c, d)) ||
    (d3 === 0 && onSegment(c, a, b)) ||
    (d4 === 0 && onSegment(d, a, b))
  );
}

/** Even-odd test of a point against a closed ring (the point is not on it: rings do not meet). */
function insideRing(p: Position, ring: Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * The geometry field of a request: any JSON value, checked and normalised by checkGeometry
 * (422 with the refusal's message key).
 */
export const geometryField = z.unknown().transform((value, ctx): LocationGeometry => {
  const result = checkGeometry(value);
  if (result.ok) return result.geometry;
  ctx.addIssue({ code: 'custom', message: result.message, params: result.params ?? {} });
  return z.NEVER;
});
