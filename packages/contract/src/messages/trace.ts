/** Messages of the supply chain's trace (ADR 036). */
export const TRACE_MESSAGES = {
  vi: {},
  en: {},
} as const;
