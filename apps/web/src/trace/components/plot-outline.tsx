import { createElement, type ReactElement } from 'react';
import { outlineSvg, type OutlineProps } from '../../lib/outline-drawing';

/**
 * A plot's outline on the public page: the app's drawing (lib/outline-drawing.ts) made with this
 * bundle's runtime (`react` here is Preact, vite.config.ts), not components/location-outline.tsx,
 * whose React elements Preact would not render.
 */
export function PlotOutline(props: OutlineProps) {
  return outlineSvg<ReactElement>(createElement as never, props);
}
