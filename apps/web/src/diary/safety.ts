import { harvestRefusal, safeToHarvestFrom, type DiarySpraying } from '@agrihub/contract/diary';
import type { DiaryContext } from './db';
import type { QueuedEntry } from './queue';

/** Where an entry is made: a plot (location) and/or a lot. */
export interface Target {
  location_id: number | null;
  traceability_id: number | null;
}

/**
 * The sprayings that bear on a harvest at `target`, as the phone knows them offline: the
 * context's (the server's last 365 days) and the sprayings recorded on this phone not yet in it
 * (waiting, or sent since the context was read; a failed one never reached the server).
 * A spraying counts on the same plot, or on the same lot.
 */
export function sprayingsAt(
  context: DiaryContext | null,
  queue: readonly QueuedEntry[],
  target: Target,
): DiarySpraying[] {
  const same = (s: { location_id: number | null; traceability_id: number | null }) =>
    (target.location_id != null && s.location_id === target.location_id) ||
    (target.traceability_id != null && s.traceability_id === target.traceability_id);
  const known = (context?.sprayings ?? []).filter(same);
  const local = queue
    .filter((e) => e.draft.type === 'spraying' && e.status !== 'failed' && same(e.draft))
    .map((e) => ({ occurred_at: e.draft.occurred_at, phi_days: Number(e.draft.details.phi_days) || 0 }));
  return [...known, ...local];
}

/** The plot's or lot's "safe to harvest from" date (Vietnam, YYYY-MM-DD) or null. */
export function safeFrom(context: DiaryContext | null, queue: readonly QueuedEntry[], target: Target): string | null {
  return safeToHarvestFrom(sprayingsAt(context, queue, target));
}

/** The phone's refusal of a harvest at `harvestAt` (offline too): the safe date, or null when allowed. */
export function refuseHarvest(
  context: DiaryContext | null,
  queue: readonly QueuedEntry[],
  target: Target,
  harvestAt: string,
): string | null {
  return harvestRefusal(sprayingsAt(context, queue, target), harvestAt)?.safe_from ?? null;
}
