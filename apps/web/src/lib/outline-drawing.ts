import type { LocationGeometry, Position } from '@agrihub/contract/geometry';

/**
 * A location's outline drawn from its GeoJSON (ADR 036): no map tiles, no antd, no JSX — the app
 * (React) and the public trace page (Preact, its light bundle) each pass their own createElement
 * to `outlineSvg`, since one module cannot import both runtimes in one build. The polygon is
 * projected equirectangularly with the longitude scaled by cos(latitude) at its centre (right for plots of a few km), fitted into the
 * viewBox with a margin, north up; holes are cut with fill-rule evenodd. A point is a marker.
 */
export interface OutlineProps {
  geometry: LocationGeometry | null | undefined;
  width?: number;
  height?: number;
  /** The accessible name of the drawing (the location's name). */
  title: string;
}

export interface OutlineDrawing {
  kind: 'polygon' | 'point';
  /** The `d` of the polygon's path (one subpath per ring), or the marker's circle centre. */
  d: string;
  cx?: number;
  cy?: number;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The drawing of `geometry` in a `width` × `height` viewBox (null without geometry). */
export function outlineDrawing(
  geometry: LocationGeometry | null | undefined,
  width: number,
  height: number,
  margin = Math.min(width, height) * 0.08,
): OutlineDrawing | null {
  if (!geometry) return null;
  if (geometry.type === 'Point') return { kind: 'point', d: '', cx: width / 2, cy: height / 2 };
  const rings = geometry.coordinates.filter((r) => r.length > 0);
  if (!rings.length) return null;
  const all: Position[] = rings.flat();
  const lats = all.map((p) => p[1]);
  const lons = all.map((p) => p[0]);
  const [minLat, maxLat] = [Math.min(...lats), Math.max(...lats)];
  const [minLon, maxLon] = [Math.min(...lons), Math.max(...lons)];
  const k = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const spanX = (maxLon - minLon) * k;
  const spanY = maxLat - minLat;
  const scale = Math.min((width - 2 * margin) / (spanX || 1), (height - 2 * margin) / (spanY || 1));
  // Centred: the unused room is split on both sides.
  const offX = (width - spanX * scale) / 2;
  const offY = (height - spanY * scale) / 2;
  const project = ([lon, lat]: Position) => [
    round(offX + (lon - minLon) * k * scale),
    round(offY + (maxLat - lat) * scale),
  ];
  const d = rings
    .map((ring) => {
      // The closing position repeats the first: `Z` closes the subpath instead.
      const open =
        ring.length > 1 && ring[0][0] === ring.at(-1)![0] && ring[0][1] === ring.at(-1)![1] ? ring.slice(0, -1) : ring;
      return open.map((p, i) => `${i ? 'L' : 'M'}${project(p).join(' ')}`).join(' ') + ' Z';
    })
    .join(' ');
  return { kind: 'polygon', d };
}

/** A createElement of React or Preact (the caller's runtime). */
export type CreateElement<N> = (type: string, props: Record<string, unknown> | null, ...children: unknown[]) => N;

/** The outline as an SVG element of the caller's runtime, or null without geometry. */
export function outlineSvg<N>(
  h: CreateElement<N>,
  { geometry, width = 320, height = 220, title }: OutlineProps,
): N | null {
  const drawing = outlineDrawing(geometry, width, height);
  if (!drawing) return null;
  const shape =
    drawing.kind === 'polygon'
      ? h('path', {
          d: drawing.d,
          fillRule: 'evenodd',
          fill: 'rgba(56, 142, 60, 0.28)',
          stroke: '#2e7d32',
          strokeWidth: 2,
          strokeLinejoin: 'round',
          vectorEffect: 'non-scaling-stroke',
        })
      : h(
          'g',
          { 'data-testid': 'location-point' },
          h('circle', { cx: drawing.cx, cy: drawing.cy, r: 14, fill: 'rgba(211, 47, 47, 0.18)' }),
          h('circle', { cx: drawing.cx, cy: drawing.cy, r: 6, fill: '#d32f2f', stroke: '#fff', strokeWidth: 2 }),
        );
  return h(
    'svg',
    {
      role: 'img',
      'aria-label': title,
      viewBox: `0 0 ${width} ${height}`,
      width,
      height,
      style: { maxWidth: '100%', height: 'auto', background: '#f6faf4', borderRadius: 8 },
      'data-testid': 'location-outline',
    },
    h('title', null, title),
    shape,
  );
}
