import {
  DIARY_FUTURE_TOLERANCE_MS,
  DIARY_MAX_AGE_DAYS,
  DIARY_TEMPLATES,
  type DiaryEntryType,
  type DiaryField,
} from '@agrihub/contract/diary';

/**
 * The template form's own checks, the same rules as the contract's schemas (schemas/diary.ts)
 * without loading zod on the phone: required fields, positive amounts with at most 3 decimals,
 * whole numbers in range, text length, a unit with an amount, the time window. Messages are keys
 * of the contract's messages (the server's words) with their params.
 */
export type Problem = { key: string; params?: Record<string, string | number> };
export type Values = Record<string, string>;

const QUANTITY_MAX = 1_000_000_000;

/** "1,5" (Vietnamese decimal comma) or "1.5" → 1.5; anything else NaN. */
export function parseNumber(text: string): number {
  const s = text.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(s) ? Number(s) : Number.NaN;
}

function valueOf(f: DiaryField, raw: string): { value: unknown; problem?: Problem } {
  const text = (raw ?? '').trim();
  if (!text) return f.required ? { value: null, problem: { key: 'diaryFieldRequired' } } : { value: null };
  switch (f.kind) {
    case 'text':
      return text.length > (f.max ?? 200)
        ? { value: text, problem: { key: 'tooLong', params: { max: f.max ?? 200 } } }
        : { value: text };
    case 'number': {
      const n = parseNumber(text);
      const ok = Number.isFinite(n) && n > 0 && n <= QUANTITY_MAX && Math.abs(Math.round(n * 1000) - n * 1000) < 1e-6;
      return ok ? { value: n } : { value: null, problem: { key: 'invalidQuantity' } };
    }
    case 'integer': {
      const n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
      const ok = Number.isInteger(n) && n >= (f.min ?? 1) && n <= (f.max ?? 10_000);
      return ok ? { value: n } : { value: null, problem: { key: 'invalidNumber' } };
    }
    case 'unit':
      return f.options?.includes(text) ? { value: text } : { value: null, problem: { key: 'invalidUnit' } };
  }
}

/** The details of a template from the form's values, and the problems by field name. */
export function readDetails(
  type: DiaryEntryType,
  values: Values,
): { details: Record<string, unknown>; problems: Record<string, Problem> } {
  const fields = DIARY_TEMPLATES[type];
  const details: Record<string, unknown> = {};
  const problems: Record<string, Problem> = {};
  for (const f of fields) {
    const { value, problem } = valueOf(f, values[f.name] ?? '');
    details[f.name] = value;
    if (problem) problems[f.name] = problem;
  }
  const amount = fields.find((f) => f.kind === 'number');
  if (
    amount &&
    details[amount.name] != null &&
    fields.some((f) => f.kind === 'unit') &&
    details.unit == null &&
    !problems.unit
  )
    problems.unit = { key: 'pleaseSelectUnit' };
  return { details, problems };
}

/** The time of an entry: not in the future (5 min of clock drift), not older than 400 days. */
export function timeProblem(iso: string | null, now = Date.now()): Problem | null {
  if (!iso) return { key: 'diaryFieldRequired' };
  const at = Date.parse(iso);
  if (at > now + DIARY_FUTURE_TOLERANCE_MS) return { key: 'diaryTimeInFuture' };
  if (at < now - DIARY_MAX_AGE_DAYS * 86_400_000) return { key: 'diaryTimeTooOld' };
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A time as `<input type="datetime-local">` shows it: the phone's own clock and zone. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The input's local time as an ISO instant; null when empty or invalid. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The form's values of a queued entry's details (editing a failed one). */
export function valuesOf(details: Record<string, unknown>): Values {
  const out: Values = {};
  for (const [k, v] of Object.entries(details)) if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
  return out;
}
