import { describe, expect, it } from 'vitest';
import { chartGeometry, dayMonth, niceMax, type DayPoint } from './chart-geometry';

const box = { width: 330, height: 130, left: 10, right: 20, top: 10, bottom: 20 };
const days = (n: number, f: (i: number) => Partial<DayPoint> = () => ({})): DayPoint[] =>
  Array.from({ length: n }, (_, i) => ({
    date: `2026-11-${String(i + 1).padStart(2, '0')}`,
    batches_published: 0,
    scans: 0,
    ...f(i),
  }));

describe('the 30-day chart', () => {
  it('ends its scales on round numbers (1, 2, 5 × 10ⁿ), 1 when everything is zero', () => {
    expect([0, 1, 2, 3, 7, 10, 11, 26, 99, 101, 4_999, 5_001].map(niceMax)).toEqual([
      1, 1, 2, 5, 10, 10, 20, 50, 100, 200, 5_000, 10_000,
    ]);
  });

  it('one bar per day, scaled to the batches; a zero day has no height; the line to the scans', () => {
    const g = chartGeometry(
      days(30, (i) => (i === 29 ? { batches_published: 4, scans: 50 } : i === 0 ? { batches_published: 2 } : {})),
      box,
    );
    expect(g.bars).toHaveLength(30);
    expect(g.batchMax).toBe(5);
    expect(g.scanMax).toBe(50);
    const plotH = box.height - box.top - box.bottom;
    expect(g.bars[29].height).toBeCloseTo((4 / 5) * plotH);
    expect(g.bars[0].height).toBeCloseTo((2 / 5) * plotH);
    expect(g.bars[10].height).toBe(0);
    // The last point reaches the top of the plot (50 of 50 scans), the others lie on the axis.
    expect(g.points[29].y).toBeCloseTo(box.top);
    expect(g.points[3].y).toBeCloseTo(box.top + plotH);
    expect(g.line.startsWith('M')).toBe(true);
    expect(g.line.match(/L/g)).toHaveLength(29);
  });

  it('labels every fifth day counting back from today, which is always labelled', () => {
    const g = chartGeometry(days(30), box);
    expect(g.labels.map((l) => l.date)).toEqual([
      '2026-11-05',
      '2026-11-10',
      '2026-11-15',
      '2026-11-20',
      '2026-11-25',
      '2026-11-30',
    ]);
    expect(dayMonth('2026-11-05')).toBe('05/11');
  });
});
