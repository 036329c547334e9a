import { useMatches } from 'react-router';
import type { Gate } from '@agrihub/contract/gates';
import type { Action, AppSubject } from '@agrihub/contract/permissions';

/** What a route declares about itself (react-router `handle`). */
export interface RouteHandle {
  /** Key in the `common` namespace under `pageTitle.`; the document title is "<page> | <platform>". */
  title?: string;
  /**
   * Pages that follow the device width instead of the fixed 1200 px layout (DESIGN §6): the public
   * pages, and the signed-in pages a producer opens on a phone (services, notifications). The one
   * switch: the viewport (root layout) and the signed-in frame (no 1200 px minimum, a drawer menu
   * on a narrow screen) both read it through `useResponsiveRoute`.
   */
  responsive?: boolean;
  /**
   * Required action/subject pairs (spec §6): on platforms with `requiredPageAbilities` a user
   * who satisfies none of them sees the no-permission screen instead of the page.
   */
  abilities?: readonly { action: Action; subject: AppSubject }[];
  /** A producer's page (as the menu's `needsProducer`): an account without a producer sees the no-permission screen. */
  needsProducer?: boolean;
  /**
   * `admin`: a back-office page (every page under /admin/, set by the router): an account without a
   * role sees the no-permission screen alone, on every platform.
   */
  access?: 'admin';
  /** The gate of the part the page belongs to (contract `GATES`): the rule the menu and the API apply. */
  gate?: Gate;
}

export function routeHandle(value: unknown): RouteHandle {
  return value && typeof value === 'object' ? (value) : {};
}

/** Whether the current route is marked `responsive` (by itself or a parent route). */
export function useResponsiveRoute(): boolean {
  return useMatches().some((m) => routeHandle(m.handle).responsive);
}
