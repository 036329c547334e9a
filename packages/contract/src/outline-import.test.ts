import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { importOutline, MAX_OUTLINE_FILE_MB } from './outline-import.js';

// Node has no DOMParser: the server passes @xmldom/xmldom's, as here; the web uses the browser's.
// Its onError replaces the console output; a fatal error still throws.
const parseXml = (text: string) => new DOMParser({ onError: () => {} }).parseFromString(text, 'text/xml');
const read = (text: string) => importOutline(text, parseXml);

const square: [number, number][] = [
  [108.04, 12.68],
  [108.041842, 12.68],
  [108.041842, 12.681886],
  [108.04, 12.681886],
  [108.04, 12.68],
];
const kmlOf = (coordinates: string) => `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>Lô cà phê 3</name>
<Polygon><outerBoundaryIs><LinearRing><coordinates>${coordinates}</coordinates></LinearRing></outerBoundaryIs></Polygon>
</Placemark></Document></kml>`;
const kmlSquare = kmlOf(square.map(([lon, lat]) => `${lon},${lat},0`).join(' '));

describe('plot outline import', () => {
  it('reads the polygon of a KML file (Google Earth), dropping the altitude', () => {
    expect(read(kmlSquare)).toEqual({ ok: true, geometry: { type: 'Polygon', coordinates: [square] } });
  });

  it('closes a walked GPX track into the plot outline', () => {
    const points = square.slice(0, 4).map(([lon, lat]) => `<trkpt lat="${lat}" lon="${lon}"><ele>512.3</ele></trkpt>`);
    const gpxText = `<?xml version="1.0"?><gpx version="1.1" creator="phone" xmlns="http://www.topografix.com/GPX/1/1">
<trk><name>Đi quanh lô</name><trkseg>${points.join('')}</trkseg></trk></gpx>`;
    expect(read(gpxText)).toEqual({ ok: true, geometry: { type: 'Polygon', coordinates: [square] } });
  });

  it('takes the first polygon of a GeoJSON feature collection, rounded to 6 decimals', () => {
    const fc = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [108.04, 12.68] } },
        {
          type: 'Feature',
          properties: {},
          geometry: { type: 'Polygon', coordinates: [square.map(([x, y]) => [x + 1e-8, y])] },
        },
      ],
    };
    expect(read('\uFEFF' + JSON.stringify(fc))).toEqual({
      ok: true,
      geometry: { type: 'Polygon', coordinates: [square] },
    });
  });

  it('reads a lone point (a warehouse placed with its GPS) when the file has no outline', () => {
    expect(read(JSON.stringify({ type: 'Point', coordinates: [106.7, 10.77, 5] }))).toEqual({
      ok: true,
      geometry: { type: 'Point', coordinates: [106.7, 10.77] },
    });
  });

  it('refuses a self-intersecting outline and an unclosed polygon with their clear messages', () => {
    const bowTie = '108.04,12.68 108.05,12.69 108.05,12.68 108.04,12.69 108.04,12.68';
    expect(read(kmlOf(bowTie))).toEqual({ ok: false, message: 'polygonSelfIntersecting' });
    const open = { type: 'Polygon', coordinates: [square.slice(0, 4)] };
    expect(read(JSON.stringify(open))).toEqual({ ok: false, message: 'polygonNotClosed' });
  });

  it('refuses a file with no polygon, track or point, and files it cannot read', () => {
    const empty =
      '<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>x</name></Placemark></Document></kml>';
    expect(read(empty)).toEqual({ ok: false, message: 'outlineNoShape' });
    expect(read(JSON.stringify({ type: 'FeatureCollection', features: [] }))).toEqual({
      ok: false,
      message: 'outlineNoShape',
    });
    for (const bad of ['<kml><Document>', '{"type":', 'lô cà phê', '<html><body/></html>', ''])
      expect(read(bad), bad).toEqual({ ok: false, message: 'outlineFileUnreadable' });
  });

  it(`refuses a file over ${MAX_OUTLINE_FILE_MB} MB before parsing it`, () => {
    expect(read(' '.repeat(MAX_OUTLINE_FILE_MB * 1024 * 1024 + 1))).toEqual({
      ok: false,
      message: 'outlineFileTooLarge',
      params: { max: MAX_OUTLINE_FILE_MB },
    });
  });
});
