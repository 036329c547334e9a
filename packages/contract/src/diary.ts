import { UNITS } from './constants.js';
import type { TraceStep } from './trace-steps.js';
import { formatVietnamDate } from './vietnam-time.js';

/**
 * The farm diary (DESIGN §5.8, ADR 044): entries a farmer records in the field, often offline,
 * each sent once with an idempotency key. Templates follow VietGAP practice; field labels are the
 * messages `diary_field.<name>`, type labels `diary_type.<type>`, amount units `diary_unit.<unit>`.
 */
export const DIARY_ENTRY_TYPES = [
  'planting',
  'fertilising',
  'spraying',
  'irrigation',
  'feeding',
  'disease',
  'harvesting',
  'other',
] as const;
export type DiaryEntryType = (typeof DIARY_ENTRY_TYPES)[number];

/** The lot event's step of each entry type (its EPCIS business step follows TRACE_STEP_CBV). */
export const DIARY_STEP: Record<DiaryEntryType, TraceStep> = {
  planting: 'planting',
  fertilising: 'caring',
  spraying: 'caring',
  irrigation: 'caring',
  feeding: 'caring',
  disease: 'caring',
  harvesting: 'harvesting',
  other: 'other',
};

/** Units of amounts put on a plot (fertiliser, spray, water, feed) and of planting: codes, labelled `diary_unit.<code>`. */
export const DIARY_AMOUNT_UNITS = ['g', 'kg', 't', 'ml', 'l', 'm3'] as const;
export const DIARY_PLANTING_UNITS = ['plants', 'head', 'g', 'kg'] as const;

export type DiaryFieldKind = 'text' | 'number' | 'integer' | 'unit';
export interface DiaryField {
  name: string;
  kind: DiaryFieldKind;
  required: boolean;
  /** text: most characters; integer: largest value. */
  max?: number;
  /** integer: smallest value (default 1). */
  min?: number;
  /** unit: the allowed units. */
  options?: readonly string[];
}

export const DIARY_TEXT_MAX = 200;
export const DIARY_NOTES_MAX = 2000;
export const DIARY_MAX_PHOTOS = 10;
/** A pre-harvest interval is at most a year. */
export const DIARY_PHI_MAX = 365;
/** An entry may be dated at most this far in the future (phone clocks drift) … */
export const DIARY_FUTURE_TOLERANCE_MS = 5 * 60_000;
/** … and at most this many days in the past (a phone offline for a season). */
export const DIARY_MAX_AGE_DAYS = 400;

const text = (name: string, required = false): DiaryField => ({ name, kind: 'text', required, max: DIARY_TEXT_MAX });
const number = (name: string, required = false): DiaryField => ({ name, kind: 'number', required });
const unit = (required = false, options: readonly string[] = DIARY_AMOUNT_UNITS): DiaryField => ({
  name: 'unit',
  kind: 'unit',
  required,
  options,
});

/** The detail fields of each entry type, in form order. A number with a unit: the unit is required when the number is given. */
export const DIARY_TEMPLATES: Record<DiaryEntryType, readonly DiaryField[]> = {
  planting: [text('variety', true), number('quantity'), unit(false, DIARY_PLANTING_UNITS)],
  fertilising: [text('product', true), number('amount', true), unit(true)],
  spraying: [
    text('product', true),
    text('active_ingredient', true),
    text('dose', true),
    { name: 'phi_days', kind: 'integer', required: true, min: 0, max: DIARY_PHI_MAX },
  ],
  irrigation: [
    number('amount'),
    unit(),
    { name: 'duration_minutes', kind: 'integer', required: false, min: 1, max: 10_000 },
  ],
  feeding: [text('feed', true), number('amount'), unit()],
  disease: [text('symptom', true), text('affected_area'), text('action')],
  harvesting: [number('quantity', true), unit(true, UNITS)],
  other: [text('title', true)],
};

/** Idempotency keys: generated on the phone (a UUID fits), unique per account. */
export const DIARY_KEY_MIN = 16;
export const DIARY_KEY_MAX = 64;
export const DIARY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

// ---------- the pre-harvest interval (PHI), the one rule of the server and the phone ----------

/**
 * `YYYY-MM-DD` + `days` calendar days. Here rather than schemas/oems.ts's addDays: the phone's
 * diary imports this file, and that one brings zod and the OEM schemas (~55 KB brotli) with it.
 */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export interface DiarySpraying {
  occurred_at: string;
  phi_days: number;
}

/** The Vietnam date from which harvest is safe: the latest (spray date in Vietnam + phi_days); null when none. */
export function safeToHarvestFrom(sprayings: readonly DiarySpraying[]): string | null {
  let latest: string | null = null;
  for (const s of sprayings) {
    const safe = addDays(formatVietnamDate(s.occurred_at), s.phi_days);
    if (latest === null || safe > latest) latest = safe;
  }
  return latest;
}

/**
 * Refuses a harvest at `harvestAt` whose Vietnam date is before the safe date of the sprayings done
 * up to then (a spraying after the harvest does not count). Sprayed 1 Dec (any hour), PHI 7: refused
 * on 7 Dec, allowed from 8 Dec. PHI 0 never refuses.
 */
export function harvestRefusal(sprayings: readonly DiarySpraying[], harvestAt: string): { safe_from: string } | null {
  const at = Date.parse(harvestAt);
  const safeFrom = safeToHarvestFrom(sprayings.filter((s) => Date.parse(s.occurred_at) <= at));
  return safeFrom !== null && formatVietnamDate(harvestAt) < safeFrom ? { safe_from: safeFrom } : null;
}

/** `YYYY-MM-DD` as Vietnamese write dates: `dd/mm/yyyy`. */
export function formatDayMonthYear(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}
