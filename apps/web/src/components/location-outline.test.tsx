import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { LocationGeometry } from '@agrihub/contract/geometry';
import { LocationOutline, outlineDrawing } from './location-outline';

const ring = (x: number, y: number, d: number) =>
  [
    [x, y],
    [x + d, y],
    [x + d, y + d],
    [x, y + d],
    [x, y],
  ] as [number, number][];

describe('LocationOutline', () => {
  const withHole: LocationGeometry = {
    type: 'Polygon',
    coordinates: [ring(108, 12, 0.01), ring(108.004, 12.004, 0.002)],
  };

  it('draws a polygon with a hole as one path of two closed subpaths, fitted and north up', () => {
    const drawing = outlineDrawing(withHole, 200, 200, 0)!;
    expect(drawing.kind).toBe('polygon');
    const subpaths = drawing.d.split(' Z').filter((s) => s.trim());
    expect(subpaths).toHaveLength(2);
    // Outer ring: 4 corners (the closing position is Z). The height fills the box; the width is
    // narrower by cos(12°) and centred.
    const k = Math.cos((12.005 * Math.PI) / 180);
    const w = 200 * k;
    const left = Math.round(((200 - w) / 2) * 10) / 10;
    expect(subpaths[0].trim().split(' L')).toHaveLength(4);
    expect(subpaths[0]).toMatch(new RegExp(`^M${left} 200 L`));
    // North up: the first corner (south-west) is at the bottom.
    const html = renderToStaticMarkup(<LocationOutline geometry={withHole} title="Lô A1" />);
    expect(html).toContain('fill-rule="evenodd"');
    expect(html).toContain('<title>Lô A1</title>');
    expect(html).toContain('role="img"');
    expect(html.match(/<path /g)).toHaveLength(1);
  });

  it('draws a point as a marker in the middle', () => {
    const html = renderToStaticMarkup(
      <LocationOutline
        geometry={{ type: 'Point', coordinates: [108.05, 12.68] }}
        width={100}
        height={80}
        title="Kho"
      />,
    );
    expect(html).toContain('data-testid="location-point"');
    expect(html).toContain('cx="50"');
    expect(html).toContain('cy="40"');
    expect(html).not.toContain('<path');
  });

  it('draws nothing without geometry', () => {
    expect(renderToStaticMarkup(<LocationOutline geometry={null} title="x" />)).toBe('');
  });
});
