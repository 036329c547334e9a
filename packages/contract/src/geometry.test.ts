import { describe, expect, it } from 'vitest';
import {
  checkGeometry,
  geometryAreaHa,
  geometryField,
  MAX_GEOMETRY_VERTICES,
  type LocationGeometry,
} from './geometry.js';

type Ring = [number, number][];
const polygon = (...rings: Ring[]) => ({ type: 'Polygon', coordinates: rings });
/** A closed lon/lat rectangle, counter-clockwise. */
const box = (w: number, s: number, e: number, n: number): Ring => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];
const refusal = (value: unknown) => {
  const result = checkGeometry(value);
  return result.ok ? 'accepted' : result.message;
};
const accepted = (value: unknown): LocationGeometry => {
  const result = checkGeometry(value);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.geometry;
};
/** The exact spherical area of a lon/lat rectangle, R = 6371008.8 m (the mean radius @turf/area uses), in ha. */
const sphericalBoxHa = (w: number, s: number, e: number, n: number) => {
  const rad = Math.PI / 180;
  return (6371008.8 ** 2 * (e - w) * rad * (Math.sin(n * rad) - Math.sin(s * rad))) / 10_000;
};

describe('location geometry: points', () => {
  it('accepts a [lon, lat] point and rounds it to 6 decimals', () => {
    expect(accepted({ type: 'Point', coordinates: [108.0412345678, 12.6812344999] })).toEqual({
      type: 'Point',
      coordinates: [108.041235, 12.681234],
    });
  });

  it('refuses coordinates out of range, so a point typed as [lat, lon] in Vietnam is caught', () => {
    expect(refusal({ type: 'Point', coordinates: [12.68, 108.04] })).toBe('invalidCoordinate'); // [lat, lon] of Buôn Ma Thuột
    expect(refusal({ type: 'Point', coordinates: [108.04, 91] })).toBe('invalidCoordinate');
    expect(refusal({ type: 'Point', coordinates: [180.5, 12] })).toBe('invalidCoordinate');
    expect(refusal({ type: 'Point', coordinates: [108, 12, 400] })).toBe('invalidCoordinate');
    expect(refusal({ type: 'Point', coordinates: ['108', '12'] })).toBe('invalidCoordinate');
    expect(refusal({ type: 'Point', coordinates: [Number.NaN, 12] })).toBe('invalidCoordinate');
  });

  it('refuses what is not a point or a polygon', () => {
    expect(refusal(null)).toBe('invalidGeometry');
    expect(refusal('POINT(108 12)')).toBe('invalidGeometry');
    expect(
      refusal({
        type: 'LineString',
        coordinates: [
          [108, 12],
          [108.1, 12.1],
        ],
      }),
    ).toBe('invalidGeometry');
    expect(refusal({ type: 'MultiPolygon', coordinates: [[box(108, 12, 108.01, 12.01)]] })).toBe('invalidGeometry');
    expect(refusal({ type: 'Polygon', coordinates: [] })).toBe('invalidGeometry');
    expect(refusal({ type: 'Polygon', coordinates: ['x'] })).toBe('invalidGeometry');
  });
});

describe('location geometry: polygons', () => {
  it('accepts a closed outline with a hole, rounds it and drops repeats the rounding made', () => {
    const outline = box(108.04, 12.68, 108.05, 12.69);
    outline.splice(1, 0, [108.0400000004, 12.6800000003]); // the same corner at 6 decimals
    const geometry = accepted(polygon(outline, box(108.042, 12.682, 108.043, 12.683).reverse()));
    expect(geometry.coordinates).toEqual([
      box(108.04, 12.68, 108.05, 12.69),
      box(108.042, 12.682, 108.043, 12.683).reverse(),
    ]);
  });

  it('refuses an outline whose last point is not its first', () => {
    expect(refusal(polygon(box(108.04, 12.68, 108.05, 12.69).slice(0, 4)))).toBe('polygonNotClosed');
    const holeOpen = box(108.042, 12.682, 108.043, 12.683).slice(0, 4);
    expect(refusal(polygon(box(108.04, 12.68, 108.05, 12.69), holeOpen))).toBe('polygonNotClosed');
  });

  it('refuses a ring of fewer than 4 positions or 3 distinct corners', () => {
    expect(
      refusal(
        polygon([
          [108, 12],
          [108.1, 12],
          [108, 12],
        ]),
      ),
    ).toBe('polygonTooFewPositions');
    expect(
      refusal(
        polygon([
          [108, 12],
          [108.1, 12],
          [108.1, 12],
          [108, 12],
        ]),
      ),
    ).toBe('polygonTooFewPositions');
  });

  it('refuses a bow-tie, a pinched figure 8, a spike back along an edge and rings that cross', () => {
    const bowTie: Ring = [
      [108, 12],
      [108.01, 12.01],
      [108.01, 12],
      [108, 12.01],
      [108, 12],
    ];
    expect(refusal(polygon(bowTie))).toBe('polygonSelfIntersecting');
    const figure8: Ring = [
      [108, 12],
      [108.01, 12],
      [108.005, 12.005],
      [108.01, 12.01],
      [108, 12.01],
      [108.005, 12.005],
      [108, 12],
    ];
    expect(refusal(polygon(figure8))).toBe('polygonSelfIntersecting');
    const spike: Ring = [
      [108, 12],
      [108.02, 12],
      [108.01, 12],
      [108.01, 12.01],
      [108, 12],
    ];
    expect(refusal(polygon(spike))).toBe('polygonSelfIntersecting');
    const holeAcross = box(108.045, 12.682, 108.06, 12.683);
    expect(refusal(polygon(box(108.04, 12.68, 108.05, 12.69), holeAcross))).toBe('polygonSelfIntersecting');
  });

  it('refuses a hole outside its outline', () => {
    expect(refusal(polygon(box(108.04, 12.68, 108.05, 12.69), box(108.06, 12.68, 108.07, 12.69)))).toBe(
      'polygonHoleOutside',
    );
  });

  it(`takes up to ${MAX_GEOMETRY_VERTICES} vertices in all and refuses more`, () => {
    const circle = (n: number): Ring => {
      const ring: Ring = [];
      for (let i = 0; i < n - 1; i++) {
        const a = (2 * Math.PI * i) / (n - 1);
        ring.push([108.04 + 0.01 * Math.cos(a), 12.68 + 0.01 * Math.sin(a)]);
      }
      return [...ring, ring[0]];
    };
    const started = performance.now();
    expect(refusal(polygon(circle(MAX_GEOMETRY_VERTICES)))).toBe('accepted');
    expect(performance.now() - started).toBeLessThan(1000);
    const tooMany = checkGeometry(polygon(circle(MAX_GEOMETRY_VERTICES + 1)));
    expect(tooMany).toEqual({ ok: false, message: 'geometryTooManyVertices', params: { max: MAX_GEOMETRY_VERTICES } });
  });

  it('refuses an area over 10,000 ha (a plot typed with a wrong degree)', () => {
    expect(refusal(polygon(box(108, 12, 109, 13)))).toBe('polygonTooLarge');
  });
});

describe('geodesic area in hectares', () => {
  it('gives ≈ 123.6 ha for a 0.01° × 0.01° cell at the equator (on the sphere of @turf/area)', () => {
    const cell = accepted(polygon(box(0, 0, 0.01, 0.01)));
    expect(geometryAreaHa(cell)).toBeCloseTo(sphericalBoxHa(0, 0, 0.01, 0.01), 2);
    expect(geometryAreaHa(cell)).toBeCloseTo(123.6, 1);
  });

  it('gives ≈ 4.2 ha for a 200 m × 210 m coffee plot near Buôn Ma Thuột, Đắk Lắk, minus its hole', () => {
    const plot = box(108.04, 12.68, 108.041842, 12.681886);
    const ha = geometryAreaHa(accepted(polygon(plot)));
    expect(ha).toBeCloseTo(sphericalBoxHa(108.04, 12.68, 108.041842, 12.681886), 3);
    expect(ha).toBeCloseTo(4.2, 1);
    const withPond = accepted(polygon(plot, box(108.0405, 12.6805, 108.0415, 12.6815).reverse()));
    expect(geometryAreaHa(withPond)).toBeCloseTo(ha - sphericalBoxHa(108.0405, 12.6805, 108.0415, 12.6815), 3);
  });

  it('is 0 for a point', () => {
    expect(geometryAreaHa({ type: 'Point', coordinates: [108.04, 12.68] })).toBe(0);
  });
});

describe('geometryField', () => {
  it('answers the refusal as the issue message with its params, and the normalised geometry when valid', () => {
    const bad = geometryField.safeParse(polygon(box(108, 12, 109, 13)));
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ message: 'polygonTooLarge', params: { max: 10_000 } });
    expect(geometryField.parse({ type: 'Point', coordinates: [108.0000001, 12] })).toEqual({
      type: 'Point',
      coordinates: [108, 12],
    });
  });
});
