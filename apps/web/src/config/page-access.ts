import { gateRefusal, type GateRefusal } from '@agrihub/contract/gates';
import { isAdministrator, satisfiesAny } from '@agrihub/contract/permissions';
import { PLATFORMS, type PlatformKey } from '@agrihub/contract/platforms';
import type { User } from '@agrihub/contract/schemas/auth';
import type { RouteHandle } from './route-handle';

/** Why a page is refused: the contract's gate codes (as the API answers them) or the page's own rules. */
export type PageRefusal = GateRefusal | 'forbidden' | 'producer_required' | 'permission_denied';

/**
 * Whether the signed-in user may see the page the matched routes make (their handles, outermost
 * first), checked before the page renders: the back office needs an administrator; the page's gate
 * (contract GATES: platform feature, producer entitlement) is the rule the menu hides it by and the
 * API refuses it with; a producer's page needs a producer; on platforms with per-page abilities
 * (spec §6) the innermost declared pairs, one of which a non-admin must hold.
 */
export function pageRefusal(platform: PlatformKey, handles: readonly RouteHandle[], user: User): PageRefusal | null {
  if (handles.some((h) => h.access === 'admin') && !isAdministrator(user)) return 'forbidden';
  for (const h of handles) {
    const closed = h.gate ? gateRefusal(platform, h.gate, user) : null;
    if (closed) return closed;
  }
  if (handles.some((h) => h.needsProducer) && user.producer_id == null) return 'producer_required';
  const required = [...handles].reverse().find((h) => h.abilities)?.abilities;
  if (PLATFORMS[platform].features.requiredPageAbilities && required && !satisfiesAny(user, required)) {
    return 'permission_denied';
  }
  return null;
}
