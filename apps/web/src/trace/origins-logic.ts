import type { PublicTrace } from './types';

type Step = NonNullable<PublicTrace['origins']>['steps'][number];

/** An instant's calendar day in Vietnam (UTC+7, no daylight saving): the steps show a date only. */
export function originDay(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso.slice(0, 10) : new Date(ms + 7 * 3_600_000).toISOString().slice(0, 10);
}

/** The steps oldest first, one line per (step, who, place, day): two lots harvested the same day on one plot read once. */
export function originSteps(steps: readonly Step[]): Step[] {
  const seen = new Set<string>();
  return [...steps]
    .sort((a, b) => a.occurred_at.localeCompare(b.occurred_at))
    .filter((s) => {
      const key = `${s.step}|${s.by}|${s.place ?? ''}|${originDay(s.occurred_at)}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
