import type { Action, AppSubject } from '@agrihub/contract/permissions';

/** What a route declares about itself (react-router `handle`). */
export interface RouteHandle {
  /** Key in the `common` namespace under `pageTitle.`; the document title is "<page> | <platform>". */
  title?: string;
  /** Public pages that follow the device width instead of the fixed 1200 px layout. */
  responsive?: boolean;
  /**
   * Required action/subject pairs (spec §6): on platforms with `requiredPageAbilities` a user
   * who satisfies none of them sees the no-permission screen instead of the page.
   */
  abilities?: readonly { action: Action; subject: AppSubject }[];
}

export function routeHandle(value: unknown): RouteHandle {
  return value && typeof value === 'object' ? (value) : {};
}
