import type { Position } from '@agrihub/contract/geometry';

/**
 * Recording a plot's outline by walking round it (issue 28): the phone's GPS fixes become the
 * polygon's corners, one every few metres, only when precise enough.
 */
export const WALK_STEP_M = 3;
/** A fix less precise than this (metres, 68 %) is shown but not kept. */
export const WALK_MAX_ACCURACY_M = 20;

export interface Fix {
  lon: number;
  lat: number;
  accuracy: number;
}

/** Distance in metres between two [lon, lat] positions (haversine; plenty at plot scale). */
export function metresBetween(a: Position, b: Position): number {
  const rad = Math.PI / 180;
  const dLat = (b[1] - a[1]) * rad;
  const dLon = (b[0] - a[0]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** The walk with `fix` added when it is precise enough and a step away from the last corner. */
export function addFix(points: readonly Position[], fix: Fix, force = false): Position[] {
  if (!force && fix.accuracy > WALK_MAX_ACCURACY_M) return points as Position[];
  const here: Position = [fix.lon, fix.lat];
  const last = points[points.length - 1];
  if (last && metresBetween(last, here) < (force ? 0.5 : WALK_STEP_M)) return points as Position[];
  return [...points, here];
}

/** The walked corners closed into a GeoJSON polygon (first corner again at the end); null under 3 corners. */
export function closeWalk(points: readonly Position[]): { type: 'Polygon'; coordinates: Position[][] } | null {
  if (points.length < 3) return null;
  return { type: 'Polygon', coordinates: [[...points, points[0]]] };
}
