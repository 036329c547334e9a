import { gpx, kml } from '@tmcw/togeojson';
import { checkGeometry, type GeometryCheck } from './geometry.js';

/**
 * A plot's outline imported from a file (DESIGN §5.8): KML (Google Earth), GPX (a walked track)
 * or GeoJSON. The first polygon of the file is the outline; without one, the first track or
 * line is closed into one (a walk round the plot), and without either, the first point is the
 * location's point. The result goes through checkGeometry, so a file's outline is held to the
 * same rules as a drawn one (closed, not self-intersecting, ≤ 5,000 vertices…); only a track is
 * closed for the user, never a polygon (an open polygon in a file is a broken file).
 *
 * XML needs a DOM parser: the browser's DOMParser by default; on Node pass one
 * (`(text) => new DOMParser().parseFromString(text, 'text/xml')` of @xmldom/xmldom).
 */
export const MAX_OUTLINE_FILE_MB = 5;
const MAX_OUTLINE_FILE_CHARS = MAX_OUTLINE_FILE_MB * 1024 * 1024;

/** Parses XML text into a DOM document; may throw on malformed XML. */
export type ParseXml = (text: string) => unknown;
type XmlDocument = Parameters<typeof kml>[0];
type Shape = { type: string; coordinates?: unknown; geometries?: Shape[] };

function browserParseXml(text: string): unknown {
  const DomParser = (globalThis as { DOMParser?: new () => { parseFromString(t: string, type: string): unknown } })
    .DOMParser;
  if (!DomParser) throw new Error('no DOMParser here: pass parseXml');
  return new DomParser().parseFromString(text, 'text/xml');
}

const unreadable: GeometryCheck = { ok: false, message: 'outlineFileUnreadable' };

/** The one geometry of an outline file, checked and normalised, or the refusal's message key. */
export function importOutline(text: string, parseXml: ParseXml = browserParseXml): GeometryCheck {
  if (text.length > MAX_OUTLINE_FILE_CHARS)
    return { ok: false, message: 'outlineFileTooLarge', params: { max: MAX_OUTLINE_FILE_MB } };
  const body = text.replace(/^\uFEFF/, '').trimStart();
  let shapes: Shape[];
  if (body.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return unreadable;
    }
    shapes = geoJsonShapes(json);
  } else if (body.startsWith('<')) {
    const collection = xmlFeatures(body, parseXml);
    if (!collection) return unreadable;
    shapes = collection;
  } else {
    return unreadable;
  }
  const outline = pickOutline(shapes.flatMap(flatten));
  return outline ? checkGeometry(outline) : { ok: false, message: 'outlineNoShape' };
}

/** The geometries of a KML or GPX document, or null when it is neither (or not XML). */
function xmlFeatures(text: string, parseXml: ParseXml): Shape[] | null {
  let doc: { documentElement?: { nodeName?: string } | null; getElementsByTagName?: (n: string) => { length: number } };
  try {
    doc = parseXml(text) as typeof doc;
  } catch {
    return null;
  }
  // The browser's DOMParser answers malformed XML with a <parsererror> document instead of throwing.
  if (!doc?.documentElement || (doc.getElementsByTagName?.('parsererror').length ?? 0) > 0) return null;
  const root = (doc.documentElement.nodeName ?? '').replace(/^.*:/, '').toLowerCase();
  const convert = root === 'kml' ? kml : root === 'gpx' ? gpx : null;
  if (!convert) return null;
  return convert(doc as XmlDocument).features.flatMap((f) => (f.geometry ? [f.geometry as Shape] : []));
}

function geoJsonShapes(json: unknown): Shape[] {
  if (typeof json !== 'object' || json === null) return [];
  const o = json as { type?: unknown; features?: unknown; geometry?: unknown };
  if (o.type === 'FeatureCollection' && Array.isArray(o.features)) return o.features.flatMap(geoJsonShapes);
  if (o.type === 'Feature') return geoJsonShapes(o.geometry);
  return typeof o.type === 'string' ? [json as Shape] : [];
}

/** Splits collections and multi-geometries into single ones, in file order. */
function flatten(shape: Shape): Shape[] {
  if (shape.type === 'GeometryCollection')
    return (Array.isArray(shape.geometries) ? shape.geometries : []).flatMap(flatten);
  const multi = { MultiPolygon: 'Polygon', MultiLineString: 'LineString', MultiPoint: 'Point' }[shape.type];
  if (multi)
    return Array.isArray(shape.coordinates)
      ? shape.coordinates.map((c: unknown) => ({ type: multi, coordinates: c }))
      : [];
  return [shape];
}

/** Positions without their altitude (KML writes `lon,lat,0`, GPX adds the elevation). */
const flat = (positions: unknown): unknown =>
  Array.isArray(positions)
    ? positions.map((p: unknown): unknown => (Array.isArray(p) && p.length > 2 ? p.slice(0, 2) : p))
    : positions;

function pickOutline(shapes: Shape[]): unknown {
  const polygon = shapes.find((s) => s.type === 'Polygon');
  if (polygon)
    return {
      type: 'Polygon',
      coordinates: Array.isArray(polygon.coordinates) ? polygon.coordinates.map(flat) : polygon.coordinates,
    };
  const line = shapes.find((s) => s.type === 'LineString' && Array.isArray(s.coordinates) && s.coordinates.length > 0);
  if (line) {
    const track = flat(line.coordinates) as unknown[];
    const [first, last] = [track[0], track[track.length - 1]];
    const closed = JSON.stringify(first) === JSON.stringify(last) ? track : [...track, first];
    return { type: 'Polygon', coordinates: [closed] };
  }
  const point = shapes.find((s) => s.type === 'Point');
  if (point) return { type: 'Point', coordinates: (flat([point.coordinates]) as unknown[])[0] };
  return null;
}
