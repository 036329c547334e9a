/**
 * The 30-day chart's geometry, apart from React (unit-tested): bars for the batches published per
 * day on the left scale, a line for the scans on the right scale, "nice" maxima so the axis reads
 * round numbers, and which days get a date label.
 */

export interface DayPoint {
  date: string;
  batches_published: number;
  scans: number;
}

/** The smallest of 1, 2, 5 × 10^n that is ≥ value (at least 1), so axes end on a round number. */
export function niceMax(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

export interface ChartBox {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export interface ChartGeometry {
  bars: { x: number; y: number; width: number; height: number; day: DayPoint }[];
  line: string;
  points: { x: number; y: number }[];
  batchMax: number;
  scanMax: number;
  /** Days whose date is written under the axis: every `labelEvery`-th from the last (today). */
  labels: { x: number; date: string }[];
  slot: number;
}

export function chartGeometry(days: readonly DayPoint[], box: ChartBox, labelEvery = 5): ChartGeometry {
  const plotW = box.width - box.left - box.right;
  const plotH = box.height - box.top - box.bottom;
  const slot = days.length ? plotW / days.length : plotW;
  const batchMax = niceMax(Math.max(0, ...days.map((d) => d.batches_published)));
  const scanMax = niceMax(Math.max(0, ...days.map((d) => d.scans)));
  const baseY = box.top + plotH;
  const bars = days.map((day, i) => {
    const height = (day.batches_published / batchMax) * plotH;
    return { x: box.left + i * slot + slot * 0.15, y: baseY - height, width: slot * 0.7, height, day };
  });
  const points = days.map((d, i) => ({ x: box.left + i * slot + slot / 2, y: baseY - (d.scans / scanMax) * plotH }));
  const line = points.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  const labels = days.flatMap((d, i) =>
    (days.length - 1 - i) % labelEvery === 0 ? [{ x: box.left + i * slot + slot / 2, date: d.date }] : [],
  );
  return { bars, line, points, batchMax, scanMax, labels, slot };
}

/** `YYYY-MM-DD` as `DD/MM` (the chart's axis). */
export const dayMonth = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;
