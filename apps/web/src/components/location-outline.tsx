import { createElement, type ReactElement } from 'react';
import { outlineSvg, type OutlineProps } from '../lib/outline-drawing';

export { outlineDrawing, type OutlineDrawing, type OutlineProps } from '../lib/outline-drawing';

/** A location's outline as an SVG (lib/outline-drawing.ts), or nothing without geometry. */
export function LocationOutline(props: OutlineProps) {
  return outlineSvg<ReactElement>(createElement as never, props);
}
